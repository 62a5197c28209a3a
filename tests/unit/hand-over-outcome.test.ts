/**
 * Issue 31 item 3 (lib/tablet/hand-over-outcome.ts): the full-screen result follows what happened since the screen
 * first showed the document, whichever side approved first and however the counter party approved.
 */
import { describe, expect, it } from 'vitest';
import type { ApprovalResponse } from '@/lib/schemas/freight-document-response';
import { handOverOutcome } from '@/lib/tablet/hand-over-outcome';

let next = 0;
function approval(side: 'CARRIER' | 'COUNTER_PARTY', at: string, extra: Partial<ApprovalResponse> = {}): ApprovalResponse {
  next += 1;
  return {
    approvalId: `a${next}`,
    side,
    action: 'COLLECTION',
    type: side === 'CARRIER' ? 'OWN' : 'OWN',
    declined: false,
    toRoleId: null,
    createDateTimeServer: at,
    ...extra,
  } as ApprovalResponse;
}

describe('hand-over outcome', () => {
  it('the counter party first (e-mail link), then the driver: the driver’s approval completes it, "done" at its time', () => {
    const theirs = approval('COUNTER_PARTY', '2026-01-01T10:00:00Z');
    const seen = new Set([theirs.approvalId]);
    expect(handOverOutcome(seen, [theirs])).toBeUndefined();
    const mine = approval('CARRIER', '2026-01-01T10:05:00Z');
    expect(handOverOutcome(seen, [theirs, mine])).toMatchObject({ action: 'COLLECTION', complete: true, counterParty: theirs, at: mine.createDateTimeServer });
  });

  it('the driver first, then the counter party on its own device: done', () => {
    const mine = approval('CARRIER', '2026-01-01T10:00:00Z');
    const seen = new Set([mine.approvalId]);
    const theirs = approval('COUNTER_PARTY', '2026-01-01T10:01:00Z', { type: 'TFA' });
    expect(handOverOutcome(seen, [mine, theirs])).toMatchObject({ complete: true, counterParty: theirs, at: theirs.createDateTimeServer });
  });

  it('the counter party alone: approved, the driver’s own approval still missing; the driver alone: nothing to show', () => {
    const theirs = approval('COUNTER_PARTY', '2026-01-01T10:00:00Z');
    expect(handOverOutcome(new Set(), [theirs])).toMatchObject({ complete: false, declined: false });
    expect(handOverOutcome(new Set(), [approval('CARRIER', '2026-01-01T10:00:00Z')])).toBeUndefined();
  });

  it('a refusal shows as declined, and a refusal does not complete anything', () => {
    const mine = approval('CARRIER', '2026-01-01T10:00:00Z');
    const refusal = approval('COUNTER_PARTY', '2026-01-01T10:01:00Z', { declined: true, remarks: 'Wet' });
    expect(handOverOutcome(new Set([mine.approvalId]), [mine, refusal])).toMatchObject({ declined: true, complete: false, counterParty: refusal });
  });

  it('an approval of another transfer does not complete this one', () => {
    const collected = approval('COUNTER_PARTY', '2026-01-01T10:00:00Z');
    const delivery = approval('CARRIER', '2026-01-02T10:00:00Z', { action: 'DELIVERY' });
    expect(handOverOutcome(new Set([collected.approvalId]), [collected, delivery])).toBeUndefined();
  });
});
