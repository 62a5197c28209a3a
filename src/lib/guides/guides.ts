/**
 * The integration guides (issue 23): Markdown files under docs/guides, read on a code host as they are and served by
 * the reference at /docs/guides/<slug>. One list, so the page, its links and the tests agree on what exists.
 */
export const GUIDES = [
  { slug: 'getting-started', file: 'getting-started.md' },
  { slug: 'two-factor-codes', file: 'two-factor-codes.md' },
  { slug: 'webhooks', file: 'webhooks.md' },
  { slug: 'transfers', file: 'transfers.md' },
  { slug: 'errors-and-idempotency', file: 'errors-and-idempotency.md' },
  { slug: 'efti', file: 'efti.md' },
  // Issue 35.
  { slug: 'pagination-and-filters', file: 'pagination-and-filters.md' },
  { slug: 'pdf-pgp-receipt', file: 'pdf-pgp-receipt.md' },
  { slug: 'legal-events', file: 'legal-events.md' },
  { slug: 'moving-from-the-commercial-service', file: 'moving-from-the-commercial-service.md' },
  { slug: 'verify-a-document', file: 'verify-a-document.md' },
] as const;

export type GuideSlug = (typeof GUIDES)[number]['slug'];

export function isGuideSlug(slug: string): slug is GuideSlug {
  return GUIDES.some((guide) => guide.slug === slug);
}

/** The guide's title: its first level-1 heading. */
export function guideTitle(markdown: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? '';
}

/**
 * A link written for the code host (`./webhooks.md#signature`, `webhooks.md`) as the served page's
 * (`/docs/guides/webhooks#signature`); every other link is kept.
 */
export function servedHref(href: string): string {
  const match = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w-]*)?$/.exec(href);
  if (!match || !isGuideSlug(match[1]!)) return href;
  return `/docs/guides/${match[1]}${match[2] ?? ''}`;
}

/** `<!-- example: examples/tfa.py -->` followed by a fenced block: the block holds that file, verbatim. */
const EXAMPLE_BLOCK = /(<!-- example: ([\w./-]+) -->\n```(\w*)\n)([\s\S]*?)(```)/g;

/**
 * The guide with each example block filled from its file. The guides keep the code inline (a code host shows
 * Markdown without includes); `npm run guides:sync` writes this back and a unit test fails when a block is stale.
 */
export function withExamples(markdown: string, readExample: (file: string) => string): string {
  return markdown.replace(EXAMPLE_BLOCK, (_all, open: string, file: string, _language: string, _code: string, close: string) => {
    const code = readExample(file);
    return `${open}${code.endsWith('\n') ? code : `${code}\n`}${close}`;
  });
}

/** The example files a guide includes. */
export function exampleFiles(markdown: string): string[] {
  return [...markdown.matchAll(EXAMPLE_BLOCK)].map((match) => match[2]!);
}
