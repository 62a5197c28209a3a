import { z } from 'zod';
import { ROLES } from '@/lib/schemas/freight-document';

/**
 * Who made a change (contract §6, §7). Not every actor has an account: a counter party who signs on the
 * carrier's tablet is a name on glass, an implicit approval has nobody behind it, and the system itself may
 * move a document. Actors recorded on another account's device name that account (`recordedByAccountId`)
 * and, when it acted as a delegate, the delegation.
 */
const recordedBy = { recordedByAccountId: z.string(), recordedThroughDelegationId: z.string().optional() };

export const actorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ACCOUNT'), accountId: z.string() }),
  /** An account acting for a role it holds by delegation. */
  z.object({ kind: z.literal('DELEGATE'), accountId: z.string(), role: z.enum(ROLES), delegationId: z.string() }),
  /** A person without an account who signed on the device of the account that recorded it. */
  z.object({ kind: z.literal('SIGNER'), name: z.string(), email: z.string().optional(), ...recordedBy }),
  /** A counter party who approved with a two-factor response code (contract §8), entered on the carrier's device. */
  z.object({ kind: z.literal('RESPONSE_CODE'), approverAccountId: z.string(), ...recordedBy }),
  /** A counter party's approval without evidence (contract §7), recorded by the carrier side. */
  z.object({ kind: z.literal('IMPLICIT'), ...recordedBy }),
  z.object({ kind: z.literal('SYSTEM'), reason: z.string() }),
]);
export type Actor = z.infer<typeof actorSchema>;

/**
 * The account a commit is booked on (the `account` of an update entry), if any: the account whose request
 * made the change. For approvals recorded on a carrier's device that is the carrier's account; the approving
 * counter party is in the approval itself.
 */
export function accountOfActor(actor: Actor): string | null {
  switch (actor.kind) {
    case 'ACCOUNT':
    case 'DELEGATE':
      return actor.accountId;
    case 'SIGNER':
    case 'RESPONSE_CODE':
    case 'IMPLICIT':
      return actor.recordedByAccountId;
    case 'SYSTEM':
      return null;
  }
}
