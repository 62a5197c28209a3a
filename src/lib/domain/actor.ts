import { z } from 'zod';
import { ROLES } from '@/lib/schemas/freight-document';

/**
 * Who made a change (contract §6, §7). Not every actor has an account: a counter party who signs on the
 * carrier's tablet is a name on glass, and the system itself may move a document.
 */
export const actorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ACCOUNT'), accountId: z.string() }),
  /** An account acting for a role it holds by delegation. */
  z.object({ kind: z.literal('DELEGATE'), accountId: z.string(), role: z.enum(ROLES), delegationId: z.string() }),
  /** A person without an account who signed on the device of the account that recorded it. */
  z.object({ kind: z.literal('SIGNER'), name: z.string(), email: z.string().optional(), recordedByAccountId: z.string() }),
  z.object({ kind: z.literal('SYSTEM'), reason: z.string() }),
]);
export type Actor = z.infer<typeof actorSchema>;

/** The account a commit is booked on (the `account` of an update entry), if any. */
export function accountOfActor(actor: Actor): string | null {
  switch (actor.kind) {
    case 'ACCOUNT':
    case 'DELEGATE':
      return actor.accountId;
    case 'SIGNER':
      return actor.recordedByAccountId;
    case 'SYSTEM':
      return null;
  }
}
