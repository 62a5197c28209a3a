/**
 * Hand-over links in the services tier (contract §7), on both databases: only the token's hash is stored, the link
 * ends at its expiry by the service's clock, and answers racing on one link record one approval (PostgreSQL runs
 * them truly in parallel; the document lock of the one frame and the conditional end of the link decide).
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): answers racing on one link run in parallel
 * on PostgreSQL only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentApprovals, handoverLinks } from '@/server/db/schema';
import { hashToken } from '@/server/crypto/tokens';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { createHandoverLink } from '@/server/services/transfers/create-handover-link';
import { openHandoverLink } from '@/server/services/transfers/open-handover-link';
import { redeemHandoverLink } from '@/server/services/transfers/redeem-handover-link';
import { stageHandoverPhoto } from '@/server/services/transfers/stage-handover-photo';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { as, createPeople, heads, issuedChain, type People } from './transfers-support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const METHODS = {
  availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] },
  subsequentCarriers: undefined,
};

describe.each(databaseKinds())('hand-over links (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  /** A document in TRANSIT, the carrier's own delivery approval given: the counter party's completes it. */
  async function readyToDeliver() {
    const id = await issuedChain(database, people, METHODS);
    for (const [party, role, action] of [
      ['carrier', 'CARRIER', 'COLLECTION'],
      ['consignor', 'CONSIGNOR', 'COLLECTION'],
      ['carrier', 'CARRIER', 'DELIVERY'],
    ] as const) {
      await submitMyApproval({
        ctx: as(database, people, party),
        input: { freightDocumentId: id, body: { action, ownRole: role, previousCommits: await heads(database, people, id) } },
      });
    }
    return id;
  }
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const anonymous = (at?: Date): ServiceContext => ({ ...as(database, people, 'outsider'), caller: undefined, ...(at ? { now: () => at } : {}) });

  it('keeps only the SHA-256 of the token', async () => {
    const id = await readyToDeliver();
    const { url } = await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } });
    const token = tokenOf(url);
    const rows = await database.handle.db.select().from(handoverLinks).where(eq(handoverLinks.documentId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it('ends at its expiry by the clock: open a second before, gone at the moment, and an answer then records nothing', async () => {
    const id = await readyToDeliver();
    const created = await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } });
    const token = tokenOf(created.url);
    const expiresAt = Date.parse(created.expiresAt);
    expect((await openHandoverLink({ ctx: anonymous(new Date(expiresAt - 1000)), input: { token } })).state).toBe('OPEN');
    expect((await openHandoverLink({ ctx: anonymous(new Date(expiresAt)), input: { token } })).state).toBe('GONE');
    expect(
      await redeemHandoverLink({
        ctx: anonymous(new Date(expiresAt + 1)),
        input: { token, name: 'Late', signature: PNG, previousCommits: await heads(database, people, id) },
      }),
    ).toEqual({ outcome: 'GONE' });
    const approvals = await database.handle.db.select().from(documentApprovals).where(eq(documentApprovals.documentId, id));
    expect(approvals.filter((approval) => approval.type === 'SIGN_ON_GLASS')).toHaveLength(0);
  });

  it('answers racing on one link record one approval, submitted by the link’s creator', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await readyToDeliver();
      const { url } = await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } });
      const token = tokenOf(url);
      const shown = await heads(database, people, id);
      const outcomes = await Promise.all(
        [0, 1, 2].map((n) =>
          redeemHandoverLink({ ctx: anonymous(), input: { token, name: `Signer ${n}`, signature: PNG, previousCommits: shown } }).then(
            (result) => result.outcome,
            (error: unknown) => {
              if (error instanceof ServiceError) return error.code;
              throw error;
            },
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'RECORDED')).toHaveLength(1);
      const signed = (await database.handle.db.select().from(documentApprovals).where(eq(documentApprovals.documentId, id))).filter(
        (approval) => approval.type === 'SIGN_ON_GLASS',
      );
      expect(signed).toHaveLength(1);
      expect(signed[0]!.submittedByAccountId).toBe(people.carrier.accountId);
    }
  });

  it('issue 32: two links of one transfer opened at once (a race the new-link rule cannot see): a decline through one ends the other', async () => {
    const id = await readyToDeliver();
    const carrier = as(database, people, 'carrier');
    const first = tokenOf((await createHandoverLink({ ctx: carrier, input: { freightDocumentId: id, body: { action: 'DELIVERY' } } })).url);
    // A second open link beside it, as two requests at once could leave: each ended the links before it, not each other.
    const [row] = await database.handle.db
      .select()
      .from(handoverLinks)
      .where(eq(handoverLinks.tokenHash, hashToken(first)));
    const second = 'B'.repeat(43);
    await database.handle.db.insert(handoverLinks).values({ ...row!, id: `${row!.id}-2`, tokenHash: hashToken(second) });
    expect((await openHandoverLink({ ctx: anonymous(), input: { token: second } })).state).toBe('OPEN');

    const declined = await redeemHandoverLink({
      ctx: anonymous(),
      input: { token: first, name: 'Jan', declined: true, remarks: 'Wrong goods', previousCommits: await heads(database, people, id) },
    });
    expect(declined).toMatchObject({ outcome: 'RECORDED', declined: true });
    expect((await openHandoverLink({ ctx: anonymous(), input: { token: second } })).state).toBe('GONE');
    expect(
      await redeemHandoverLink({ ctx: anonymous(), input: { token: second, name: 'Jan', signature: PNG, previousCommits: await heads(database, people, id) } }),
    ).toEqual({ outcome: 'GONE' });
  });

  it('reservations added on the page are recorded for the signer before the approval, which accepts them (contract §7, §14)', async () => {
    const id = await readyToDeliver();
    const { url } = await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } });
    const token = tokenOf(url);
    const photo = await stageHandoverPhoto({ ctx: anonymous(), input: { token, content: PNG } });
    expect(photo.outcome).toBe('STORED');
    const photoId = photo.outcome === 'STORED' ? photo.photoId : '';
    // Not an image: 3.8, before anything is kept.
    await expect(stageHandoverPhoto({ ctx: anonymous(), input: { token, content: Buffer.from('plain text').toString('base64') } })).rejects.toMatchObject({
      code: '3.8',
    });
    const shown = await heads(database, people, id);
    const result = await redeemHandoverLink({
      ctx: anonymous(),
      input: {
        token,
        name: 'Eva Janssen',
        signature: PNG,
        previousCommits: shown,
        reservations: [
          { kind: 'DAMAGE', text: 'Two pallets crushed', photoIds: [photoId] },
          { kind: 'COUNT', text: 'One carton short' },
        ],
      },
    });
    expect(result).toMatchObject({ outcome: 'RECORDED', declined: false, status: 'DELIVERED', unseenReservations: [] });
    const document = await getFreightDocument({ ctx: as(database, people, 'consignee'), input: { freightDocumentId: id } });
    const reservations = (document.comments ?? []).filter((comment) => comment.reservation?.stage === 'DELIVERY');
    expect(reservations.map((comment) => [comment.reservation!.kind, comment.reservation!.recordedFor, comment.attachments.length])).toEqual([
      ['DAMAGE', { name: 'Eva Janssen' }, 1],
      ['COUNT', { name: 'Eva Janssen' }, 0],
    ]);
    const approval = (document.approvals ?? []).find((candidate) => candidate.type === 'SIGN_ON_GLASS')!;
    expect([...approval.acceptedReservations].sort()).toEqual(reservations.map((comment) => comment.commentId).sort());
  });

  it('a photo of another link, or reservations with a decline, record nothing', async () => {
    const id = await readyToDeliver();
    const first = tokenOf(
      (await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } })).url,
    );
    const photo = await stageHandoverPhoto({ ctx: anonymous(), input: { token: first, content: PNG } });
    const token = tokenOf(
      (await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } })).url,
    );
    const shown = await heads(database, people, id);
    const photoIds = photo.outcome === 'STORED' ? [photo.photoId] : [];
    await expect(
      redeemHandoverLink({
        ctx: anonymous(),
        input: { token, name: 'Eva', signature: PNG, previousCommits: shown, reservations: [{ kind: 'DAMAGE', text: 'Crushed', photoIds }] },
      }),
    ).rejects.toMatchObject({ code: '3.9' });
    await expect(
      redeemHandoverLink({
        ctx: anonymous(),
        input: { token, name: 'Eva', declined: true, remarks: 'No', previousCommits: shown, reservations: [{ kind: 'DAMAGE', text: 'Crushed' }] },
      }),
    ).rejects.toMatchObject({ code: '3.9' });
    const document = await getFreightDocument({ ctx: as(database, people, 'consignee'), input: { freightDocumentId: id } });
    expect((document.comments ?? []).filter((comment) => comment.reservation)).toHaveLength(0);
    expect(document.status).toBe('TRANSIT');
  });
});
