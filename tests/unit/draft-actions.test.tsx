/**
 * The portal shows a draft's buttons from `allowedActions` and from nothing else (issue 6): when the rule in
 * the service changes, the buttons follow without any change in the portal. The panel's words come from the
 * English catalogue, as the portal's provider gives them; a missing message fails the render.
 */
import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftActionsPanel } from '@/components/documents/draft-actions-panel';
import { FORMATS } from '@/lib/i18n/config';
import { MESSAGES } from '@/messages';
import { permissionsOf } from '@/lib/domain/permissions';
import { ACTION_RULES, allowedActionsOf } from '@/lib/domain/action-rules';
import type { HeldRole } from '@/server/services/access/held-roles';
import type { freightDocuments } from '@/server/db/schema';

const submitter: HeldRole[] = [{ role: 'SUBMITTER', roleId: 'r1', via: 'HOLDER', permissions: permissionsOf('SUBMITTER') }];
const draft = { status: 'DRAFT', content: {} } as unknown as typeof freightDocuments.$inferSelect;
const noop = () => {};
const failOnIntlError = (error: Error) => {
  throw error;
};

function buttons(canPayForIssue: boolean) {
  const allowedActions = allowedActionsOf(submitter, { document: draft, canPayForIssue, now: new Date() });
  const panel = createElement(DraftActionsPanel, {
    freightDocumentId: 'd1',
    serviceNumber: '000000000001',
    allowedActions,
    quote: { billing: 'PRE_PAY', cost: 1, balance: canPayForIssue ? 3 : 0, canPay: canPayForIssue },
    issue: { pending: false, errors: [], run: noop },
    cancel: { pending: false, errors: [], run: noop, onOpen: noop },
  });
  const html = renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale: 'en', messages: MESSAGES.en, formats: FORMATS, timeZone: 'UTC', onError: failOnIntlError }, panel),
  );
  return { edit: html.includes('Edit draft'), issue: html.includes('Issue document'), cancel: html.includes('Cancel draft'), html };
}

const originalCancel = ACTION_RULES.CANCEL;
afterEach(() => {
  ACTION_RULES.CANCEL = originalCancel;
});

describe('the draft panel', () => {
  it('offers what the service allows', () => {
    expect(buttons(true)).toMatchObject({ edit: true, issue: true, cancel: true });
  });

  it('drops Issue when the service says the account cannot pay, and explains why', () => {
    const shown = buttons(false);
    expect(shown).toMatchObject({ edit: true, issue: false, cancel: true });
    expect(shown.html).toContain('so you cannot issue now');
  });

  it('follows a changed rule in the service: a draft that may no longer be cancelled loses its Cancel button', () => {
    ACTION_RULES.CANCEL = { grantedBy: { permission: 'UPDATE' }, refuse: () => '4.5' };
    expect(buttons(true)).toMatchObject({ edit: true, issue: true, cancel: false });
  });
});
