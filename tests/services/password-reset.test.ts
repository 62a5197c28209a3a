import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '@/server/db/schema';
import { openMailBody } from '@/server/mail/queue-mail';
import { changeAccountLocale } from '@/server/services/accounts/change-account-locale';
import { mailPasswordResetLink, openResetRequest, requestPasswordReset } from '@/server/services/accounts/request-password-reset';
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

  /** The request as the portal sends it, then its queued job as the worker runs it. */
  async function requestAndRunJob(address: string) {
    const before = await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'password-reset.mail'));
    expect(await requestPasswordReset({ ctx, input: { email: address } })).toEqual({ sent: true });
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'password-reset.mail'));
    const job = queued.find((row) => !before.some((old) => old.id === row.id))!;
    // The address waits in the queue sealed, never in clear.
    expect(JSON.stringify(job.payload)).not.toContain(address);
    await mailPasswordResetLink({ ctx, input: { email: openResetRequest((job.payload as { emailSealed: string }).emailSealed, ctx.appSecret) } });
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await ctx.db.select().from(mailOutbox);
    await requestAndRunJob('nobody@example.test');
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('the request only queues the look-up: the same work whether or not the address has an account', async () => {
    const rowsBefore = await ctx.db.select().from(mailOutbox);
    expect(await requestPasswordReset({ ctx, input: { email } })).toEqual({ sent: true });
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(rowsBefore.length);
  });

  it('at most RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS requests per address and window, known or not: then 429 1.10', async () => {
    const limited = serviceContext(database.handle, { RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS: 2 });
    const known = (await activeAccount(ctx, 'Often forgetful')).email;
    for (const address of [known, `stranger.${Date.now()}@example.test`]) {
      const other = address.toUpperCase();
      await requestPasswordReset({ ctx: limited, input: { email: other } });
      await requestPasswordReset({ ctx: limited, input: { email: other } });
      await expect(requestPasswordReset({ ctx: limited, input: { email: address } })).rejects.toMatchObject({
        code: '1.10',
        hints: { rateLimited: true },
      });
    }
  });

  it('mails a link in the account’s language that sets a new password once', async () => {
    await requestAndRunJob(email.toUpperCase());
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
    await requestAndRunJob(email);
    const { token } = await mailedToken();
    const later = { ...ctx, now: () => new Date(Date.now() + 61 * 60_000) };
    await expect(resetPassword({ ctx: later, input: { token, newPassword: 'too late passphrase' } })).rejects.toMatchObject({ items: [{ code: '4.37' }] });
  });
});
