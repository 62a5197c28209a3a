import { sql } from 'drizzle-orm';
import { signUpInput, type SignUpInput } from '@/lib/schemas/account';
import { accounts, activationTokens } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { hashPassword } from '@/server/crypto/passwords';
import { seal } from '@/server/crypto/secret-box';
import { newAccountSecret } from '@/server/crypto/account-secret';
import { hashToken, newId, randomToken } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { publicUrl } from '@/server/config/env';
import { activationMail } from '@/server/mail/templates';
import { queueMail } from '@/server/mail/queue-mail';
import type { DbOrTx } from '@/server/db/client';
import { inTransaction, type ServiceContext } from '../context';

export const ACCOUNT_SECRET_PURPOSE = 'account-secret';

/**
 * Registers an account (contract §3). It cannot log in until the link in the activation e-mail is opened.
 * REST `POST /accounts/users` (behind a known client system and its limit): a taken address is `3.5`, as the
 * specification requires. The portal's sign-up answers alike instead (sign-up-from-portal.ts).
 */
export async function createAccount({ ctx, input }: { ctx: ServiceContext; input: SignUpInput }) {
  const created = await registerAccount(ctx, input, () => fail('3.5', 'email'));
  if (!created) fail('3.5', 'email');
  return created;
}

/**
 * The registration itself. When the address is taken (the unique index on lower(email) decides, so two simultaneous
 * sign-ups cannot both win), `onTaken` runs in the same transaction: it throws, or does its work and returns.
 */
export async function registerAccount(
  ctx: ServiceContext,
  input: SignUpInput,
  onTaken: (tx: DbOrTx, email: string) => Promise<void> | never,
): Promise<{ accountId: string; accountNumber: string } | undefined> {
  const accountInput = parseInput(signUpInput, input);
  const { name, email, password, phoneNumber, companyName, locale = DEFAULT_LOCALE } = accountInput;

  const passwordHash = await hashPassword(password);
  const activationToken = randomToken(32);
  const ttl = ctx.config.ACTIVATION_TOKEN_TTL_SECONDS;

  return inTransaction(ctx, async (tx) => {
    const [numberRow] = await queryRows<{ n: string }>(tx, sql`select nextval('account_number_seq')::text as n`);
    const id = newId();
    const inserted = await tx
      .insert(accounts)
      .values({
        id,
        accountNumber: numberRow!.n,
        name,
        email,
        phoneNumber: phoneNumber ?? null,
        companyName: companyName ?? null,
        passwordHash,
        locale,
        accountSecretEncrypted: seal(newAccountSecret(ctx.config.ACCOUNT_SECRET_FORMAT), ctx.appSecret, ACCOUNT_SECRET_PURPOSE),
      })
      .onConflictDoNothing()
      .returning({ id: accounts.id, accountNumber: accounts.accountNumber });
    if (inserted.length === 0) {
      await onTaken(tx, email);
      return undefined;
    }

    await tx.insert(activationTokens).values({
      tokenHash: hashToken(activationToken),
      accountId: id,
      expiresAt: new Date(ctx.now().getTime() + ttl * 1000),
    });
    await queueMail(
      tx,
      ctx.appSecret,
      activationMail({
        locale,
        to: email,
        name,
        activationUrl: `${publicUrl(ctx.config)}/api/accounts/activation/${activationToken}`,
        validHours: Math.round(ttl / 3600),
      }),
    );
    return { accountId: inserted[0]!.id, accountNumber: inserted[0]!.accountNumber };
  });
}
