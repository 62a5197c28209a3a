/**
 * Contract §1's mail rules in the services tier (issue 32 item 3), on both databases: a draft naming 53 addresses
 * mails each once with none of the sender's text, the account's daily budget for addresses without an account drops
 * the mails past it (the change is still made) and tells the owner once, and the budget starts anew a day later.
 * The budget is set low here (60) so that a second draft passes it; the HTTP suite runs the default of 500.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the daily budget is a counter in the
 * database.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema';
import { openMailBody } from '@/server/mail/queue-mail';
import type { ServiceContext } from '@/server/services/context';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { removeExpiredOperationalRows } from '@/server/services/operations/remove-expired';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const BUDGET = 60;
const SPAM = 'Claim your refund at https://refund.evil.example/now';

describe.each(databaseKinds())('the mail rules of contract §1 (%s)', (kind) => {
  let database: TestDatabase;
  let spammer: Awaited<ReturnType<typeof activeAccount>>;
  let draftNumber = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spammer = await activeAccount(serviceContext(database.handle), SPAM);
  }, 120_000);
  afterAll(async () => database?.dispose());

  const ctxAt = (at: Date): ServiceContext => ({
    ...serviceContext(database.handle, { MAIL_BUDGET_PER_ACCOUNT_PER_DAY: BUDGET }, spammer.accountId),
    now: () => at,
  });

  /** A draft naming 53 addresses without an account: 50 subsequent carriers, the consignor, the consignee, the carrier. */
  async function floodingDraft(ctx: ServiceContext): Promise<string[]> {
    draftNumber += 1;
    const address = (label: string) => `${label}.${draftNumber}.${kind}.${process.pid}@victims.example`;
    const party = (label: string) => ({ name: SPAM, countryCode: 'NLD', submittedAccountEmailAddress: address(label) });
    const subsequentCarriers = Array.from({ length: 50 }, (_, n) => party(`leg${n}`));
    await createFreightDocument({
      ctx,
      input: {
        type: 'WAYBILL',
        consignor: party('consignor'),
        consignee: party('consignee'),
        carrier: party('carrier'),
        subsequentCarriers,
        placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
        goods: SPAM,
      },
    });
    return [address('consignor'), address('consignee'), address('carrier'), ...subsequentCarriers.map((leg) => leg.submittedAccountEmailAddress)];
  }

  const mailsTo = async (addresses: string[]) => database.handle.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

  it('a draft naming 53 addresses mails each once, with the account number and none of the sender’s text', async () => {
    const addresses = await floodingDraft(ctxAt(new Date()));
    const mails = await mailsTo(addresses);
    expect(mails).toHaveLength(53);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(53);
    for (const mail of mails) {
      const text = openMailBody(mail.textBody, serviceContext(database.handle).appSecret);
      const html = openMailBody(mail.htmlBody!, serviceContext(database.handle).appSecret);
      for (const part of [mail.subject, text, html]) {
        expect(part).not.toContain('refund');
        expect(part).not.toContain('evil.example');
      }
      expect(text).toContain(spammer.accountNumber);
      expect(text).toContain('Freight Document Service');
    }
  });

  it('past the daily budget the draft is still made, its mails are dropped, and the owner is told once', async () => {
    const now = new Date();
    const second = await floodingDraft(ctxAt(now));
    expect(await mailsTo(second)).toHaveLength(BUDGET - 53);
    const third = await floodingDraft(ctxAt(new Date(now.getTime() + 1_000)));
    expect(await mailsTo(third)).toHaveLength(0);
    // The owner's notice (besides its activation mail), once however many mails are dropped.
    const notices = (await mailsTo([spammer.email])).filter((mail) => mail.subject.includes('daily limit'));
    expect(notices).toHaveLength(1);

    // The clean-up keeps the day's counter while its window runs, so the budget holds all day.
    await removeExpiredOperationalRows(database.handle.db, serviceContext(database.handle).config, new Date(now.getTime() + 3_600_000));
    expect(await mailsTo(await floodingDraft(ctxAt(new Date(now.getTime() + 3_600_000))))).toHaveLength(0);

    // A day after the first of them, the budget starts anew (and the owner may be told again).
    const nextDay = await floodingDraft(ctxAt(new Date(now.getTime() + 86_401_000)));
    expect(await mailsTo(nextDay)).toHaveLength(53);
  });
});
