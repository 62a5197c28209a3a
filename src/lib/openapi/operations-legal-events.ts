import type { z } from 'zod';
import {
  cashOnDeliveryInput,
  impedimentInput,
  instructionInput,
  instructionResponseInput,
  proceduresResponse,
  receiptResponse,
  replaceByPaperInput,
  withdrawalInput,
} from '@/lib/schemas/legal-events';
import { components } from './components';
import { documentExample, HEAD, ID } from './examples';
import { pdfAnswer, signedAnswer, type ApiOperation } from './operation';

const json = (schema: z.ZodType, example: unknown) => ({ 'application/json': { schema, example } });
const theDocument = json(components.freightDocument, { ...documentExample, status: 'TRANSIT' });
const changeErrors = ['1.4', '4.47', '4.13', '4.45', '4.63'] as const;
const INSTRUCTION_ID = '5b7d9f1a-2c4e-4a6b-8d0f-1a3c5e7b9d2f';
const COMMENT_ID = '7c9e1b3d-5f7a-4c2e-9b1d-3f5a7c9e1b3d';
const created = (description: string) => [{ status: 201, description, headers: { Location: `/api/freightdocuments/${ID}` }, content: theDocument }];
const BASE = 'https://fds.example.com';
const receiptExample = {
  serviceNumber: documentExample.serviceNumber,
  verificationUrl: `${BASE}/verify/3f2a…`,
  takenOverAt: '2026-11-23T08:15:00.000Z',
  place: 'Rotterdam',
  carrier: documentExample.carrier,
  goods: documentExample.goods,
  structuredGoods: documentExample.structuredGoods,
  licensePlates: [],
  reservations: [],
};

/** The legal events of the CMR (contract §14); reservations are comments (§7, `reservation`). */
export const legalEventOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/freightdocuments/{id}/comments/{commentId}/withdrawal',
    tag: 'Legal events',
    summary: 'Withdraw a reservation (its author, before that stage’s counter party answered)',
    description:
      'The author of a reservation withdraws it while no counter-party approval (or decline) of its stage has been given; afterwards, for an `AFTER_DELIVERY` or `DELAY` reservation, one recorded for a counter party (`recordedFor`), one withdrawn already and a comment that is no reservation: `4.60`; another caller: `1.4`. It stays in `comments` as it was written, with `reservation.withdrawn: {at, by{accountNumber, name}}`, is left out of `acceptedReservations` and of the PDF’s boxes 18 and 24 (the annex lists it as withdrawn), and is one commit (`RESERVATION_WITHDRAWAL`) delivered to subscribers with `event` `RESERVATION`. Its text still counts in the TFA content hash.',
    auth: 'bearer',
    parameterExamples: { id: ID, commentId: COMMENT_ID },
    body: { schema: withdrawalInput, example: { previousCommits: [HEAD] } },
    success: [{ status: 200, description: 'The document, the reservation marked `withdrawn`.', content: theDocument }],
    errors: [...changeErrors, '4.1', '4.60', '3.2', '3.1'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/instructions',
    tag: 'Legal events',
    summary: 'Give the carrier an instruction (right of disposal, CMR art. 12)',
    description:
      'Only a holder of the right of disposal (`rightOfDisposal.holderRole`), while ISSUED or TRANSIT. It stays pending until the carrier side answers.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: instructionInput,
      example: {
        kind: 'CHANGE_CONSIGNEE',
        text: 'Deliver to our Cologne warehouse instead.',
        newConsignee: { name: 'Gamma Storage', countryCode: 'DEU', submittedAccountNumber: '1000009' },
        previousCommits: [HEAD],
      },
    },
    success: created('The document, listing the instruction in `instructions`.'),
    // Any party without the right of disposal gets 4.61, never 1.4 (instructionRefusal in lib/domain/legal-events.ts).
    errors: [...changeErrors.filter((code) => code !== '1.4'), '3.1', '3.2', '3.9', '4.18', '4.40', '4.61', '3.4', '3.6', '3.11', '3.14'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/instructions/{instructionId}/response',
    tag: 'Legal events',
    summary: 'Accept or refuse a pending instruction (carrier side)',
    description:
      'A refusal needs its `reason` (CMR art. 12(5)(b)). An accepted change of consignee or place of delivery replaces that role’s holder with the party the instruction named, whose account was checked when the instruction was given (`4.40` there).',
    auth: 'bearer',
    parameterExamples: { id: ID, instructionId: INSTRUCTION_ID },
    body: { schema: instructionResponseInput, example: { accepted: false, reason: 'The goods are already unloaded.', previousCommits: [HEAD] } },
    success: [{ status: 200, description: 'The document.', content: theDocument }],
    errors: [...changeErrors, '3.1', '3.9', '4.1', '4.18', '4.62', '3.2', '3.6'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/impediments',
    tag: 'Legal events',
    summary: 'Report that carriage or delivery became impossible (CMR art. 14, 15)',
    description:
      'By the carrier side holding the cargo, while TRANSIT (else `4.64`), with `previousCommits` and optional photos. The holders of the right of disposal are e-mailed and may answer with an instruction; subscribers get a delivery with `event` `IMPEDIMENT`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: impedimentInput, example: { kind: 'CONSIGNEE_REFUSED', text: 'The consignee refuses to take the goods.', previousCommits: [HEAD] } },
    success: created('The document, listing the impediment in `impediments`.'),
    errors: [...changeErrors, '3.1', '3.8', '3.9', '3.34', '4.64', '3.2', '3.6'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/cashondelivery',
    tag: 'Legal events',
    summary: 'Record whether the cash on delivery was collected (CMR art. 21)',
    description:
      'By the carrier side while TRANSIT, when the document has a `reimbursementAmount` above 0: `collected`, and the `amount`, `currency` and `reference` collected. A delivery approval without it is still accepted; the PDF then prints that no cash on delivery was recorded.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: cashOnDeliveryInput, example: { collected: true, amount: 1250, currency: 'EUR', reference: 'Receipt 4711', previousCommits: [HEAD] } },
    success: created('The document with `cashOnDelivery`.'),
    errors: [...changeErrors, '3.1', '3.12', '3.33', '4.18', '3.2', '3.6', '3.9'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/receipt',
    tag: 'Legal events',
    summary: 'The sender’s receipt of the taking over (Additional Protocol art. 6), as JSON',
    description:
      'For role holders after the collection (before it `4.18`): the service number, verification URL, when and where the goods were taken over, the carrier, the goods, the plates and the reservations of the taking over with their acceptance. The same path answers the PDF and the PGP-signed JSON by `Accept`; each also has its own path, `…/receipt/pdf` and `…/receipt/pgp`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [{ status: 200, description: 'The receipt.', content: json(receiptResponse, receiptExample) }],
    errors: ['4.47', '4.18'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/receipt/pdf',
    tag: 'Legal events',
    summary: 'The sender’s receipt as PDF',
    description:
      'The receipt as PDF, labels in the language `Accept-Language` asks for (English otherwise). For role holders after the collection (before it `4.18`). The same answer as `GET …/receipt` with `Accept: application/pdf`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [pdfAnswer('CMR-{serviceNumber}-receipt.pdf', 'CMR-000000000042-receipt.pdf')],
    errors: ['4.47', '4.18'],
  },
  {
    method: 'get',
    path: '/freightdocuments/{id}/receipt/pgp',
    tag: 'Legal events',
    summary: 'The sender’s receipt as PGP-signed JSON',
    description:
      'An OpenPGP cleartext-signed message whose signed text is exactly the JSON answer of `GET …/receipt`; check it with the key of `GET /pgp/publickey`. For role holders after the collection (before it `4.18`). The same answer as `GET …/receipt` with `Accept: application/vnd.freightdocument.v1+pgp-signature`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    success: [
      signedAnswer(
        '-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{"serviceNumber":"…"}\n-----BEGIN PGP SIGNATURE-----\n…\n-----END PGP SIGNATURE-----\n',
      ),
    ],
    errors: ['4.47', '4.18'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/replacebypaper',
    tag: 'Legal events',
    summary: 'Replace the note by a paper consignment note (Additional Protocol art. 5(1)(f))',
    description: 'By the submitter or the carrier side, while ISSUED or TRANSIT. Every later change answers 4.63.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: replaceByPaperInput, example: { reason: 'The truck’s tablet failed at the border.', previousCommits: [HEAD] } },
    success: [{ status: 200, description: 'The document with `replacedByPaper`.', content: theDocument }],
    errors: [...changeErrors, '3.1', '3.2', '4.18', '3.6'],
  },
  {
    method: 'get',
    path: '/procedures',
    tag: 'Operations',
    summary: 'The operator’s procedures statement (Additional Protocol art. 5(2))',
    description:
      'No authentication. How notes are issued and delivered, how integrity is kept (the commit chain and how to recompute it), how an entitled party proves entitlement, how delivery is confirmed, how amendments are recorded and how a note is replaced by paper; generated from the running configuration. The same statement is the page `/procedures`.',
    auth: 'none',
    success: [
      {
        status: 200,
        description: 'The procedures, generated from the running configuration.',
        content: json(proceduresResponse, {
          url: `${BASE}/procedures`,
          environment: 'production',
          legallyValid: true,
          signingMethods: ['OWN', 'TFA', 'SIGN_ON_GLASS'],
          publicKeyUrl: `${BASE}/api/pgp/publickey`,
          retention: 'Freight documents … are kept for as long as the service runs.',
          procedures: {
            issuing: '…',
            delivery: '…',
            integrity: '…',
            entitlement: '…',
            deliveryConfirmation: '…',
            amendments: '…',
            replacementByPaper: '…',
          },
        }),
      },
    ],
    errors: [],
  },
];
