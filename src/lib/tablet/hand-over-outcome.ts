import type { ApprovalResponse } from '@/lib/schemas/freight-document-response';

/**
 * Issue 31 item 3: "done whichever way and in whatever order". What the hand-over screen shows full screen when the
 * document it shows has changed since it first showed it: a counter party's approval (or refusal) of a transfer,
 * whichever way it came (portal, e-mail link, phone link, REST, another device, this tablet's outbox), and the
 * completion of a transfer by the driver's own approval when the counter party had approved first. Pure: the screen
 * passes the approvals it had seen (by id) and the ones on record now.
 */
export interface HandOverOutcome {
  action: ApprovalResponse['action'];
  /** The counter party's approval the result names (who, how, remarks of a refusal). */
  counterParty: ApprovalResponse;
  /** Both sides have approved: the transfer is done. */
  complete: boolean;
  declined: boolean;
  /** When it happened: the completing approval's time, else the counter party's. */
  at: string;
}

/** The two approvals of one transfer pair up by action and, between carriers, by the receiving role. */
const transferOf = (approval: ApprovalResponse) => `${approval.action}:${approval.action === 'CARRIER_TO_CARRIER' ? (approval.toRoleId ?? '') : ''}`;

export function handOverOutcome(seen: ReadonlySet<string>, approvals: readonly ApprovalResponse[]): HandOverOutcome | undefined {
  const fresh = approvals.filter((approval) => !seen.has(approval.approvalId));
  // Newest first: the last thing that happened is what the driver needs to see.
  for (const approval of [...fresh].sort((a, b) => b.createDateTimeServer.localeCompare(a.createDateTimeServer))) {
    const same = approvals.filter((candidate) => transferOf(candidate) === transferOf(approval) && !candidate.declined);
    const counterParty = approval.side === 'COUNTER_PARTY' ? approval : same.find((candidate) => candidate.side === 'COUNTER_PARTY');
    if (!counterParty) continue;
    if (approval.side === 'COUNTER_PARTY' && approval.declined) {
      return { action: approval.action, counterParty: approval, complete: false, declined: true, at: approval.createDateTimeServer };
    }
    const carrier = same.find((candidate) => candidate.side === 'CARRIER');
    const complete = Boolean(carrier);
    // The driver's own approval alone, without the counter party's, is no result to show.
    if (approval.side === 'CARRIER' && !complete) continue;
    const at = complete ? [carrier!.createDateTimeServer, counterParty.createDateTimeServer].sort().at(-1)! : counterParty.createDateTimeServer;
    return { action: approval.action, counterParty, complete, declined: false, at };
  }
  return undefined;
}
