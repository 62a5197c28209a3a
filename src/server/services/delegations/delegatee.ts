import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { fail } from '@/server/errors';

/**
 * The account that receives a delegation, by account number or e-mail: it must be an active account (4.40 on
 * the field that named it). Unlike a role, a delegation cannot wait for an account to be created.
 */
export async function findDelegatee(db: DbOrTx, named: { emailAddressOfDelegatee?: string; accountNumberOfDelegatee?: string }) {
  const byNumber = named.accountNumberOfDelegatee !== undefined;
  const [account] = await db
    .select({ id: accounts.id, email: accounts.email, name: accounts.name })
    .from(accounts)
    .where(
      and(
        byNumber ? eq(accounts.accountNumber, named.accountNumberOfDelegatee!) : sql`lower(${accounts.email}) = lower(${named.emailAddressOfDelegatee!})`,
        isNotNull(accounts.activatedAt),
      ),
    );
  if (!account) fail('4.40', byNumber ? 'accountNumberOfDelegatee' : 'emailAddressOfDelegatee');
  return account;
}

/** A unique index refused the row: two requests made the same delegation at once. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
