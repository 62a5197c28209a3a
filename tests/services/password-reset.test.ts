import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema';
import { openMailBody } from '@/server/mail/queue-mail';
import { changeAccountLocale } from '@/server/services/accounts/change-account-locale';
import { requestPasswordReset } from '@/server/services/accounts/request-password-reset';
import { resetPassword } from '@/server/services/accounts/reset-password';
import { verifyCredentials } from '@/server/services/accounts/verify-credentials';
import type { ServiceContext } from '@/server/services/context';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

describe.each(databaseKinds())('forgot password (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;
  let email = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = serviceContext(database.handle);
    const account = await activeAccount(ctx, 'Forgetful');
    email = account.email;
    await changeAccountLocale({ ctx: serviceContext(database.handle, {}, account.accountId), input: { locale: 'de' } });
  }, 60_000);
  afterAll(async () => database?.dispose());

  /** The link of the newest reset mail to the account, as the person reads it. */
  async function mailedToken(): Promise<{ token: string; subject: string }> {
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const mail = mails.filter((row) => row.subject.includes('Passwort')).at(-1)!;
    const text = openMailBody(mail.textBody, ctx.appSecret);
    return { token: /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!, subject: mail.subject };
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await ctx.db.select().from(mailOutbox);
    expect(await requestPasswordReset({ ctx, input: { email: 'nobody@example.test' } })).toEqual({ sent: true });
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('mails a link in the account’s language that sets a new password once', async () => {
    await requestPasswordReset({ ctx, input: { email: email.toUpperCase() } });
    const { token, subject } = await mailedToken();
    expect(subject).toBe('Passwort für den Freight Document Service zurücksetzen');
    await resetPassword({ ctx, input: { token, newPassword: 'a brand new passphrase' } });
    await expect(verifyCredentials({ ctx, input: { username: email, password: 'a brand new passphrase' } })).resolves.toMatchObject({ email });
    await expect(resetPassword({ ctx, input: { token, newPassword: 'yet another passphrase' } })).rejects.toMatchObject({ items: [{ code: '4.38' }] });
    await expect(resetPassword({ ctx, input: { token: 'made-up', newPassword: 'yet another passphrase' } })).rejects.toMatchObject({
      items: [{ code: '4.38' }],
    });
  });

  it('refuses an expired link (4.37)', async () => {
    await requestPasswordReset({ ctx, input: { email } });
    const { token } = await mailedToken();
    const later = { ...ctx, now: () => new Date(Date.now() + 61 * 60_000) };
    await expect(resetPassword({ ctx: later, input: { token, newPassword: 'too late passphrase' } })).rejects.toMatchObject({ items: [{ code: '4.37' }] });
  });
});
