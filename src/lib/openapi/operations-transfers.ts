import type { z } from 'zod';
import { createdDelegateResponse, delegateInput } from '@/lib/schemas/delegation';
import { createdCommentResponse } from '@/lib/schemas/freight-document-response';
import {
  createdSubscriptionResponse,
  createSubscriptionInput,
  deliveryLogResponse,
  queuedDeliveryResponse,
  subscriptionListResponse,
} from '@/lib/schemas/subscriptions';
import { handoverLinkInput, handoverLinkResponse } from '@/lib/schemas/handover';
import { commentInput, counterPartyApprovalInput, licensePlatesInput, myApprovalInput, statusUpdateInput } from '@/lib/schemas/transfers';
import { DELEGATE_ID, DELIVERY_ID, deliveryExample, documentExample, HEAD, ID, ROLE_ID, SUBSCRIPTION_ID, subscriptionExample } from './examples';
import { components } from './components';
import { afterCarrierApproval, afterCounterPartyApproval, COLLECTION_HEAD } from './transfer-examples';
import type { ApiOperation } from './operation';

const json = (schema: z.ZodType, example: unknown) => ({ 'application/json': { schema, example } });
const theDocument = json(components.freightDocument, { ...documentExample, status: 'TRANSIT' });
const changeErrors = ['1.4', '4.47', '4.13', '4.45'] as const;

/** Cargo transfers, comments, plates and status updates (contract §7), delegation per document (§11). */
export const transferOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/freightdocuments/{id}/submitmyapproval',
    tag: 'Transfers',
    summary: 'Approve a transfer for a role the caller holds',
    description: '`declined: true` records a refusal (with `remarks`) and moves nothing. The transfer completes when both of its parties approved.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: myApprovalInput,
      example: { action: 'COLLECTION', ownRole: 'CARRIER', place: 'Rotterdam', location: { latitude: 51.9225, longitude: 4.47917 }, previousCommits: [HEAD] },
    },
    success: [
      {
        status: 201,
        description: 'The document with the approval recorded (here the carrier’s: the collection still waits for the consignor).',
        headers: { Location: `/api/freightdocuments/${ID}` },
        content: json(components.freightDocument, afterCarrierApproval),
      },
    ],
    errors: [...changeErrors, '3.1', '3.9', '3.17', '4.1', '4.18', '3.2', '4.63', '3.6', '3.50'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/submitcounterpartyapproval',
    tag: 'Transfers',
    summary: 'Record the counter party’s approval on the carrier’s device (TFA code, signature on glass, or implicit)',
    description:
      'The carrier side records the counter party’s approval of an open transfer: `evidence.responseCode` (TFA: computed on the counter party’s device from the challenge and its `accountSecret`, see the [two-factor guide](/docs/guides/two-factor-codes)), `evidence.signedOnGlassBy` with one PNG or JPEG signature, or no evidence (implicit). A type the document’s `availableSigningMethods` do not list for the transfer is `4.50`; a wrong code is `3.6` on `evidence.responseCode`, and after 5 wrong codes in 15 minutes every code answers 429 `1.10` with `Retry-After`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: counterPartyApprovalInput,
      // Contract §8's COLLECTION vector (version 2); the answer below shows the TFA approval it recorded.
      example: { action: 'COLLECTION', evidence: { responseCode: '6327901234567009914168682' }, previousCommits: [COLLECTION_HEAD] },
    },
    success: [
      {
        status: 201,
        description: 'The document with the counter party’s approval recorded (here the consignor’s by TFA: the collection completes, TRANSIT).',
        headers: { Location: `/api/freightdocuments/${ID}` },
        content: json(components.freightDocument, afterCounterPartyApproval),
      },
    ],
    // 3.6: a wrong TFA response code (version 2, bound to the transfer); after 5 wrong ones in 15 minutes every code for
    // the transfer is 429 1.10 with Retry-After. 3.8: a signature that is not PNG/JPEG or has over 25,000,000 pixels.
    errors: [...changeErrors, '3.1', '3.6', '3.8', '3.9', '3.16', '3.17', '3.34', '4.1', '4.50', '3.2', '3.4', '3.50', '4.18'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/handoverlinks',
    tag: 'Transfers',
    summary: 'A one-time link for the counter party to sign the hand-over on its own phone',
    description:
      'The link (`{PUBLIC_URL}/handover/{token}`, 256-bit token) opens a page that needs no account, shows what is handed over and records the counter party’s signature (or decline) as a `SIGN_ON_GLASS` approval submitted by the caller. It works once, for 10 minutes; afterwards it answers 410. Allowed when the caller could record that approval now with `submitcounterpartyapproval`; `4.50` when the transfer does not list `SIGN_ON_GLASS`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: handoverLinkInput, example: { action: 'DELIVERY' } },
    success: [
      {
        status: 201,
        description: 'The link and when it expires.',
        headers: { Location: `/api/freightdocuments/${ID}` },
        content: json(handoverLinkResponse, {
          url: 'https://fds.example.com/handover/3q2-7wEXAMPLEtoken0000000000000000000000000',
          expiresAt: '2026-11-26T14:12:00.000Z',
        }),
      },
    ],
    errors: ['1.4', '4.47', '3.1', '3.9', '4.1', '4.18', '4.50', '3.2'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/updates',
    tag: 'Transfers',
    summary: 'Move the status without a counter party (carrier side)',
    description:
      'An implicit transfer recorded by the carrier side: ISSUED → TRANSIT by the carrier, TRANSIT → DELIVERED by the holder of the cargo, with `previousCommits`. `newFreightDocumentStatus` DRAFT or ISSUED is `4.16`; any other move the state machine does not allow is `4.29`. Subscribers are called.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: statusUpdateInput, example: { newFreightDocumentStatus: 'TRANSIT', previousCommits: [HEAD] } },
    success: [{ status: 201, description: 'The document.', headers: { Location: `/api/freightdocuments/${ID}` }, content: theDocument }],
    errors: [...changeErrors, '3.9', '4.16', '4.29', '3.1', '3.2', '3.6', '4.63'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/comments',
    tag: 'Transfers',
    summary: 'Comment on the transport (carriers, after issue)',
    description:
      'By the carrier or a subsequent carrier after issue, until 14 days after delivery (`4.12`), with `previousCommits`; optional attachments. Comment texts enter the content hash of the two-factor codes, so a comment changes the challenge. With `reservation` the comment is a reservation of the CMR (stage, kind, goods lines; [legal events guide](/docs/guides/legal-events)): its own rules (4.60, 4.46) apply instead of the comment period.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: commentInput, example: { text: 'Two pallets wrapped again', clientMeta: { app: 'fleet-7' }, previousCommits: [HEAD] } },
    success: [
      {
        status: 201,
        description: 'The comment and its commit.',
        headers: { Location: `/api/freightdocuments/${ID}` },
        content: json(createdCommentResponse, { commentId: '64a3f09a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', commitId: HEAD }),
      },
    ],
    errors: [...changeErrors, '3.1', '3.2', '3.8', '3.9', '3.17', '4.12', '4.46', '4.60', '4.63', '3.6', '4.18'],
  },
  {
    method: 'patch',
    path: '/freightdocuments/{id}/licenseplates',
    tag: 'Transfers',
    summary: 'Set the license plates of a carrier role',
    description:
      'A carrier or subsequent carrier replaces the plates (truck, trailer) of a carrier role it holds (`roleId`), in ISSUED or TRANSIT, with `previousCommits`: no carrier role `3.39`, not a carrier’s role `3.45`, wrong status `3.47`, another carrier’s role `3.48`, nothing changed `3.49`.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: licensePlatesInput,
      example: { roleId: ROLE_ID, licensePlates: [{ licensePlate: 'BX-123-Z', countryCode: 'NLD', type: 'TRUCK' }], previousCommits: [HEAD] },
    },
    success: [{ status: 200, description: 'The document.', content: theDocument }],
    // A caller without the right gets 3.39 here, not 1.4 (EDIT_LICENSE_PLATES in access/actions.ts).
    errors: [...changeErrors.filter((code) => code !== '1.4'), '3.1', '3.2', '3.9', '3.39', '3.45', '3.46', '3.47', '3.48', '3.49', '3.11', '4.1', '4.63'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/delegate',
    tag: 'Delegation',
    summary: 'Delegate a role the caller holds on this document',
    description:
      'Another account (by e-mail or account number) acts in `role` on this document with that role’s rights; a delegate of SUBMITTER may issue, charged to the submitter. `ownDelegates` of the document lists the caller’s delegations.',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: delegateInput, example: { role: 'CARRIER', accountNumberOfDelegatee: '1000003' } },
    success: [
      {
        status: 201,
        description: 'Delegated.',
        headers: { Location: `/api/freightdocuments/${ID}/delegates/${DELEGATE_ID}` },
        content: json(createdDelegateResponse, { delegateId: DELEGATE_ID }),
      },
    ],
    errors: ['1.4', '4.47', '3.1', '3.9', '3.16', '3.36', '3.38', '3.2', '3.4', '4.40'],
  },
  {
    method: 'delete',
    path: '/freightdocuments/{id}/delegates/{delegateId}',
    tag: 'Delegation',
    summary: 'End a delegation on this document',
    description:
      'The delegatee loses the role on this document at once, and so do the delegations it made from this one. An id that is not one of the caller’s active delegations on the document is `4.42`; an account-wide delegation is ended at `DELETE /accounts/users/me/delegates/{delegateId}` (`3.37` here).',
    auth: 'bearer',
    parameterExamples: { id: ID, delegateId: DELEGATE_ID },
    success: [{ status: 204, description: 'Ended.' }],
    errors: ['4.47', '4.42', '3.37'],
  },
];

/** The subscription endpoints exist per document and per account with one behaviour (contract §11). */
function subscriptionOperations(base: string, scope: string, parameterExamples: Record<string, string>, errors: ApiOperation['errors']): ApiOperation[] {
  const item = { ...parameterExamples, subscriptionId: SUBSCRIPTION_ID };
  return [
    {
      method: 'post',
      path: base,
      tag: 'Subscriptions',
      summary: `Subscribe a callback URL to ${scope}`,
      description: 'The answer carries the Standard Webhooks `signingSecret`, shown once.',
      auth: 'bearer',
      parameterExamples,
      body: { schema: createSubscriptionInput, example: { callbackUrl: subscriptionExample.callbackUrl } },
      success: [
        {
          status: 201,
          description: 'Subscribed.',
          headers: { Location: `/api${base}/${SUBSCRIPTION_ID}`, 'Cache-Control': 'no-store' },
          content: json(createdSubscriptionResponse, {
            subscriptionId: SUBSCRIPTION_ID,
            callbackUrl: subscriptionExample.callbackUrl,
            signingSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          }),
        },
      ],
      errors: [...errors, '3.1', '4.14', '4.15', '3.2'],
    },
    {
      method: 'get',
      path: base,
      tag: 'Subscriptions',
      summary: `The caller’s subscriptions to ${scope}`,
      description: 'Each subscription with its `subscriptionId` and `callbackUrl`; the signing secret is never shown again.',
      auth: 'bearer',
      parameterExamples,
      success: [{ status: 200, description: 'The subscriptions.', content: json(subscriptionListResponse, { subscriptions: [subscriptionExample] }) }],
      errors,
    },
    {
      method: 'delete',
      path: `${base}/{subscriptionId}`,
      tag: 'Subscriptions',
      summary: 'End a subscription',
      description: 'Nothing more is sent to its callback URL afterwards.',
      auth: 'bearer',
      parameterExamples: item,
      success: [{ status: 204, description: 'Ended.' }],
      errors: [...errors, '4.1'],
    },
    {
      method: 'get',
      path: `${base}/{subscriptionId}/deliveries`,
      tag: 'Subscriptions',
      summary: 'The delivery log of a subscription, newest first',
      description:
        'Each delivery with its `webhookId` (the `Webhook-Id` header), the event, every attempt (time, HTTP status or error, duration) and its state: PENDING, DELIVERED or FAILED (after 3 failed attempts).',
      auth: 'bearer',
      parameterExamples: item,
      success: [{ status: 200, description: 'The deliveries.', content: json(deliveryLogResponse, { deliveries: [deliveryExample] }) }],
      errors: [...errors, '4.1'],
    },
    {
      method: 'post',
      path: `${base}/{subscriptionId}/test`,
      tag: 'Subscriptions',
      summary: 'Send a TEST event to the callback URL',
      description:
        'Queues a delivery with `status` `TEST`, signed like every delivery, so a receiver and its signature check can be tried; the answer names the delivery, whose attempts the log shows.',
      auth: 'bearer',
      parameterExamples: item,
      success: [{ status: 202, description: 'Queued.', content: json(queuedDeliveryResponse, { deliveryId: DELIVERY_ID }) }],
      errors: [...errors, '4.1', '3.2'],
    },
    {
      method: 'post',
      path: `${base}/{subscriptionId}/deliveries/{deliveryId}/redeliver`,
      tag: 'Subscriptions',
      summary: 'Send a delivery again',
      description: 'Queues the delivery again under the same `Webhook-Id` (receivers deduplicate by it), e.g. after a FAILED one once the receiver is fixed.',
      auth: 'bearer',
      parameterExamples: { ...item, deliveryId: DELIVERY_ID },
      success: [{ status: 202, description: 'Queued.', content: json(queuedDeliveryResponse, { deliveryId: DELIVERY_ID }) }],
      errors: [...errors, '4.1', '3.2'],
    },
  ];
}

export const subscriptionOperationsList: ApiOperation[] = [
  ...subscriptionOperations('/freightdocuments/{id}/subscriptions', 'one document', { id: ID }, ['4.47']),
  ...subscriptionOperations('/accounts/users/me/subscriptions', 'every document of the account', {}, []),
];
