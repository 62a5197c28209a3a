/**
 * What a counter party reads before confirming a hand-over (contract §14, issue 22): the reservations of that
 * transfer's stage, by kind with the goods lines by name, listed apart from the plain comments.
 */
import { describe, expect, it } from 'vitest';
import { handoverFactsOf } from '@/lib/handover/facts';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

const account = { accountNumber: '1', name: 'Driver Dan', email: null };
const comment = (commentId: string, text: string, reservation: Record<string, unknown> | null, attachments = 0) => ({
  commentId,
  type: reservation ? 'RESERVATION' : 'COMMENT',
  text,
  role: 'CARRIER',
  roleId: 'c1',
  account,
  accountId: 'a1',
  creatorName: 'Driver Dan',
  creatorRole: 'CARRIER',
  submittedBy: account,
  attachments: Array.from({ length: attachments }, (_, index) => ({ attachmentId: `p${index}` })),
  clientMeta: null,
  reservation: reservation && { withinTimeLimit: true, ...reservation },
  commitId: `k-${commentId}`,
  previousCommits: [],
  createDateTimeClient: null,
  createDateTimeServer: '2026-11-26T08:00:00.000Z',
});

const document = {
  serviceNumber: '000000000123',
  consignor: null,
  consignee: null,
  carrier: null,
  placeOfTakingOver: null,
  placeOfDelivery: null,
  subsequentCarriers: [],
  goods: null,
  structuredGoods: [
    { productId: 1, name: 'Ceramic tiles' },
    { productId: 2, name: 'Euro pallet' },
  ],
  licensePlates: [],
  comments: [
    comment('r1', 'Two cartons crushed', { stage: 'TAKING_OVER', kind: 'PACKAGING', goodsLines: [1, 7] }, 1),
    comment('n1', 'Gate 4', null),
    comment('r2', 'Pallet broken', { stage: 'DELIVERY', kind: 'DAMAGE', goodsLines: [2] }),
  ],
} as unknown as FreightDocumentResponse;

describe('handoverFactsOf: the reservations a confirmation accepts', () => {
  it('lists the stage’s reservations by kind, with goods lines by name (unknown ids left out) and photos counted', () => {
    const view = handoverFactsOf('COLLECTION', document);
    expect(view.reservations).toEqual([
      { kind: 'PACKAGING', text: 'Two cartons crushed', goodsLines: ['Ceramic tiles'], photos: 1, by: 'Driver Dan', at: '2026-11-26T08:00:00.000Z' },
    ]);
    // Listed once: the stage's reservations leave the plain comments; other comments and other stages stay there.
    expect(view.comments.map((entry) => entry.text)).toEqual(['Gate 4', 'Pallet broken']);
  });

  it('at delivery, the delivery’s reservations', () => {
    const view = handoverFactsOf('DELIVERY', document);
    expect(view.reservations.map((entry) => [entry.kind, entry.goodsLines])).toEqual([['DAMAGE', ['Euro pallet']]]);
    expect(view.comments.map((entry) => entry.text)).toEqual(['Two cartons crushed', 'Gate 4']);
  });
});
