/**
 * Findings of the penetration test (issue 7) about credentials, each reproduced as it was found, now answered
 * safely (contract §2, §3): the lockout counted before the password is checked and per account, shared by the
 * token endpoint, the portal and password changes; tRPC batches capped; a password change ends every token and
 * portal session. A server of its own with a lockout window long enough for a slow machine.
 *
 * @backends every: the lockout is counted in the database before the password is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, errorCodes, serverTarget, startOwnServer, type Account, type Client, type Reply } from './driver';
import { signedInSession, PortalSession } from './portal-session';

const MAX_FAILURES = 5;
let server: RunningServer;
let api: Driver;
let client: Client;

beforeAll(async () => {
  server = await startOwnServer('security-credentials', { LOGIN_LOCKOUT_SECONDS: '600', LOGIN_MAX_FAILURES: String(MAX_FAILURES) });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Credential tests' });
});

afterAll(async () => {
  await server?.dispose();
});

/** A refusal because the account is locked (no password was evaluated) carries Retry-After; a wrong password does not. */
const locked = (reply: Reply) => reply.status === 400 && errorCodes(reply)[0] === '1.7' && reply.headers.get('retry-after') !== null;
const evaluatedWrong = (reply: Reply) => reply.status === 400 && errorCodes(reply)[0] === '1.7' && reply.headers.get('retry-after') === null;

describe('lockout counted before the password is checked (finding: 30 concurrent guesses, 18 evaluated)', () => {
  it(`30 concurrent guesses: at most ${MAX_FAILURES} are evaluated, and the right password in the batch is refused`, async () => {
    const victim = await api.createActiveAccount(client);
    const guesses: Promise<Reply>[] = [];
    for (let attempt = 0; attempt < 29; attempt += 1) guesses.push(api.passwordGrant(client, victim.email, `wrong guess ${attempt}`));
    // The right password joins the batch while the wrong guesses are still in flight, once the lock has shown.
    const right = Promise.race(guesses.map((guess) => guess.then((reply) => (locked(reply) ? reply : new Promise<Reply>(() => {}))))).then(() =>
      api.passwordGrant(client, victim.email, victim.password),
    );
    const replies = await Promise.all([...guesses, right]);
    const evaluated = replies.filter(evaluatedWrong).length;
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES);
    expect(replies.filter(locked).length).toBeGreaterThanOrEqual(30 - MAX_FAILURES);
    expect(replies.some((reply) => reply.status === 200)).toBe(false);
    const rightReply = await right;
    expect(locked(rightReply), rightReply.text).toBe(true);
    expect(rightReply.body).not.toHaveProperty('access_token');
  });

  it('the account number is refused once the e-mail is locked, and the other way round (one count per account)', async () => {
    const byEmail = await api.createActiveAccount(client);
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1)
      expect(evaluatedWrong(await api.passwordGrant(client, byEmail.email, `wrong ${attempt}`))).toBe(true);
    const viaNumber = await api.passwordGrant(client, byEmail.accountNumber, byEmail.password);
    expect(locked(viaNumber), viaNumber.text).toBe(true);

    const byNumber = await api.createActiveAccount(client);
    // Mixed names: three by number, two by e-mail make five failures of one account.
    for (const name of [byNumber.accountNumber, byNumber.accountNumber, byNumber.accountNumber, byNumber.email, byNumber.email.toUpperCase()]) {
      expect(evaluatedWrong(await api.passwordGrant(client, name, 'not it'))).toBe(true);
    }
    expect(locked(await api.passwordGrant(client, byNumber.email, byNumber.password))).toBe(true);
    expect(locked(await api.passwordGrant(client, byNumber.accountNumber, byNumber.password))).toBe(true);
  });

  it('the portal sign-in counts towards the same limit and is refused once the account is locked', async () => {
    const person = await api.createActiveAccount(client);
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      const reply = await new PortalSession(api).signIn(person.email, `wrong ${attempt}`);
      expect(reply.status).toBe(401);
      expect(reply.body.url).toContain('error=Invalid%20user%20credentials.');
    }
    const portal = new PortalSession(api);
    const refused = await portal.signIn(person.accountNumber, person.password);
    expect(refused.body.url).toContain('error=Too%20many%20failed%20logins');
    expect(portal.signedIn).toBe(false);
    expect(locked(await api.passwordGrant(client, person.email, person.password))).toBe(true);
  });
});

describe('the old password of a password change (finding: never limited, REST and a tRPC batch of 40)', () => {
  const change = (token: string, oldPassword: string) =>
    api.put('/api/accounts/users/me/password', { bearer: token, json: { oldPassword, newPassword: 'a completely new password' } });

  it('6 wrong old passwords over REST: five are 1.7, then the account is locked, for the right old password and the token endpoint too', async () => {
    const account = await api.createActiveAccount(client);
    const { access_token } = await api.login(client, account);
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      const reply = await change(access_token, `wrong old ${attempt}`);
      expect(reply.status).toBe(401);
      expect(reply.body.errors).toEqual([expect.objectContaining({ code: '1.7', field: 'oldPassword' })]);
      expect(reply.headers.get('retry-after')).toBeNull();
    }
    const sixth = await change(access_token, 'wrong old 6');
    expect(sixth.status).toBe(401);
    expect(errorCodes(sixth)).toEqual(['1.7']);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const rightOld = await change(access_token, account.password);
    expect(errorCodes(rightOld)).toEqual(['1.7']);
    expect(rightOld.headers.get('retry-after')).not.toBeNull();
    expect(locked(await api.passwordGrant(client, account.email, account.password))).toBe(true);
  });

  it('a tRPC batch of 40 password changes is refused whole; a batch of 10 has at most the limit evaluated', async () => {
    const account = await api.createActiveAccount(client);
    const portal = await signedInSession(api, account.email, account.password);
    const wrong = (count: number) => Array.from({ length: count }, (_, index) => ({ oldPassword: `wrong ${index}`, newPassword: 'a completely new password' }));

    const forty = await portal.trpcBatch('account.changePassword', wrong(40));
    expect(forty.status).toBe(400);
    expect(forty.text).toMatch(/"code":"2\.1"/);
    // Nothing of it was evaluated: the account still has all its attempts.
    const ten = await portal.trpcBatch('account.changePassword', wrong(10));
    const answers = ten.body as { error?: { data: { errors: { code: string; field?: string }[] } } }[];
    expect(answers).toHaveLength(10);
    const evaluated = answers.filter((answer) => answer.error?.data.errors[0]?.field === 'oldPassword').length;
    const refused = answers.filter((answer) => answer.error?.data.errors[0]?.code === '1.7' && answer.error.data.errors[0].field === undefined).length;
    expect(evaluated).toBe(MAX_FAILURES);
    expect(refused).toBe(10 - MAX_FAILURES);
  });
});

describe('a password change ends every token and portal session (finding: they stayed valid)', () => {
  it('access and refresh tokens of every client and every portal session stop working', async () => {
    const account: Account = await api.createActiveAccount(client);
    const otherClient = await api.createClient({ name: 'Second system' });
    const first = await api.login(client, account);
    const second = await api.login(otherClient, account);
    const portal = await signedInSession(api, account.email, account.password);
    const otherBrowser = await signedInSession(api, account.accountNumber, account.password);
    expect(await portal.accountId()).toBe(account.accountId);
    expect(await otherBrowser.accountId()).toBe(account.accountId);

    const changed = await api.put('/api/accounts/users/me/password', {
      bearer: first.access_token,
      json: { oldPassword: account.password, newPassword: 'the new password 2026' },
    });
    expect(changed.status).toBe(204);

    for (const token of [first.access_token, second.access_token]) expect(errorCodes(await api.me(token))).toEqual(['1.11']);
    for (const [by, tokens] of [
      [client, first],
      [otherClient, second],
    ] as const) {
      const refreshed = await api.token(by, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(refreshed.status).toBe(400);
      expect(errorCodes(refreshed)).toEqual(['1.13']);
    }
    expect(await portal.accountId()).toBeUndefined();
    expect(await otherBrowser.accountId()).toBeUndefined();
    expect((await portal.trpcQuery('account.me')).status).toBe(401);

    // The new password works, for new tokens and new sessions; the grant returns the new accountSecret (contract §3).
    const fresh = await api.login(client, { email: account.email, password: 'the new password 2026' });
    expect((await api.me(fresh.access_token)).status).toBe(200);
    expect(fresh.accountSecret).toMatch(/^\d{64}$/);
    expect(fresh.accountSecret).not.toBe(first.accountSecret);
    expect(await (await signedInSession(api, account.email, 'the new password 2026')).accountId()).toBe(account.accountId);
  });

  it('through the portal (tRPC) too: the session that changed it ends with the others', async () => {
    const account = await api.createActiveAccount(client);
    const tokens = await api.login(client, account);
    const portal = await signedInSession(api, account.email, account.password);
    const reply = await portal.trpcMutation('account.changePassword', { oldPassword: account.password, newPassword: 'portal new password' });
    expect(reply.status, reply.text).toBe(200);
    expect(errorCodes(await api.me(tokens.access_token))).toEqual(['1.11']);
    expect(await portal.accountId()).toBeUndefined();
  });
});
