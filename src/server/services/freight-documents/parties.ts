import { eq, sql } from 'drizzle-orm';
import { ROLE_SLOTS, SINGLE_ROLES } from '@/lib/domain/permissions';
import type { FreightDocumentInput, PartyInput, Role } from '@/lib/schemas/freight-document';
import type { Locale } from '@/lib/i18n/locales';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { errorItem, type ErrorItem } from '@/server/errors';

export interface PartySlot {
  role: Role;
  party: PartyInput;
  position: number;
  /** Where the party sits in the body, for error fields. */
  field: string;
}

export interface ResolvedParty extends PartySlot {
  accountId: string | null;
  email: string | null;
  /** The holder's account as read while resolving, so that mailing it needs no second read. */
  account?: KnownRecipient;
}

export interface KnownRecipient {
  email: string;
  locale: Locale;
}

/** Every party of a body with its role, in body order. */
export function partySlots(input: FreightDocumentInput): PartySlot[] {
  const slots: PartySlot[] = [];
  for (const role of SINGLE_ROLES) {
    const field = ROLE_SLOTS[role];
    const party = input[field];
    if (party) slots.push({ role, party, position: 0, field });
  }
  (input.subsequentCarriers ?? []).forEach((party, index) =>
    slots.push({ role: 'SUBSEQUENT_CARRIER', party, position: index, field: `subsequentCarriers[${index}]` }),
  );
  return slots;
}

/** What is stored as the party: the body's attributes without the ids the server owns. */
export function storedParty(party: PartyInput): Record<string, unknown> {
  const { roleId: _roleId, ...rest } = party;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/**
 * Names the holder of each party (contract §5): `submittedAccountNumber` must be an active account (4.40);
 * `submittedAccountEmailAddress` is the account with that address, or a pending holder until one exists.
 */
export async function resolveParties(db: DbOrTx, slots: PartySlot[]): Promise<{ resolved: ResolvedParty[]; errors: ErrorItem[] }> {
  const errors: ErrorItem[] = [];
  const resolved: ResolvedParty[] = [];
  for (const slot of slots) {
    const { submittedAccountNumber, submittedAccountEmailAddress } = slot.party;
    if (submittedAccountNumber) {
      const [account] = await db
        .select({ id: accounts.id, activatedAt: accounts.activatedAt, email: accounts.email, locale: accounts.locale })
        .from(accounts)
        .where(eq(accounts.accountNumber, submittedAccountNumber));
      if (!account || !account.activatedAt) {
        errors.push(errorItem('4.40', `${slot.field}.submittedAccountNumber`));
        continue;
      }
      resolved.push({ ...slot, accountId: account.id, email: null, account: { email: account.email, locale: account.locale } });
    } else if (submittedAccountEmailAddress) {
      const [account] = await db
        .select({ id: accounts.id, email: accounts.email, locale: accounts.locale })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = lower(${submittedAccountEmailAddress})`);
      resolved.push({
        ...slot,
        accountId: account?.id ?? null,
        email: submittedAccountEmailAddress,
        ...(account ? { account: { email: account.email, locale: account.locale } } : {}),
      });
    } else {
      resolved.push({ ...slot, accountId: null, email: null });
    }
  }
  return { resolved, errors };
}

/** The role row that a resolved party becomes on a document. */
export function roleRowOf(documentId: string, party: ResolvedParty, now: Date) {
  return {
    id: newId(),
    documentId,
    role: party.role,
    accountId: party.accountId,
    email: party.email,
    party: storedParty(party.party),
    position: party.position,
    createdAt: now,
  };
}
