import type { Formats, IntlError } from 'use-intl/core';

/**
 * What every translator of the service shares, on the server (pages, e-mails) and in the browser: the named
 * formats and what a message that cannot be resolved looks like.
 */
export const FORMATS = {
  dateTime: {
    /** One human format for every date-time: "23 Nov 2026, 14:05 CET", 24-hour (screens use lib/i18n/local-time.ts). */
    dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  },
  number: {
    /** File sizes: 1.5 KB, 12 MB. */
    size: { maximumFractionDigits: 1 },
  },
} as const satisfies Formats;

/** What a missing or broken message renders as: recognisable on screen, and the e2e test fails on it. */
export const MISSING_MESSAGE_MARKER = '[[i18n';

export function messageFallback({ error, key, namespace }: { error: IntlError; key: string; namespace?: string }): string {
  return `${MISSING_MESSAGE_MARKER} ${error.code} ${[namespace, key].filter(Boolean).join('.')}]]`;
}

/** Logged on the server and in the browser console; the page keeps working with the marker in place. */
export function reportIntlError(error: IntlError): void {
  console.error(`[i18n] ${error.code}: ${error.originalMessage ?? error.message}`);
}
