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
import { commentInput, counterPartyApprovalInput, licensePlatesInput, myApprovalInput, statusUpdateInput } from '@/lib/schemas/transfers';
import { DELEGATE_ID, DELIVERY_ID, deliveryExample, documentExample, HEAD, ID, ROLE_ID, SUBSCRIPTION_ID, subscriptionExample } from './examples';
import { components } from './components';
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
    success: [{ status: 201, description: 'The document.', headers: { Location: `/api/freightdocuments/${ID}` }, content: theDocument }],
    errors: [...changeErrors, '3.1', '3.9', '3.17', '4.1', '4.16', '4.17', '4.18', '4.19', '4.29'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/submitcounterpartyapproval',
    tag: 'Transfers',
    summary: 'Record the counter party’s approval on the carrier’s device (TFA code, signature on glass, or implicit)',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: counterPartyApprovalInput,
      example: { action: 'DELIVERY', evidence: { responseCode: '8870201234567009129239976' }, previousCommits: [HEAD] },
    },
    success: [{ status: 201, description: 'The document.', headers: { Location: `/api/freightdocuments/${ID}` }, content: theDocument }],
    // 3.6: a wrong TFA response code (version 2, bound to the transfer); after 5 wrong ones in 15 minutes every code for
    // the transfer is 429 1.10 with Retry-After. 3.8: a signature that is not PNG/JPEG or has over 25,000,000 pixels.
    errors: [...changeErrors, '3.1', '3.6', '3.8', '3.9', '3.16', '3.17', '3.34', '4.1', '4.16', '4.29', '4.50'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/updates',
    tag: 'Transfers',
    summary: 'Move the status without a counter party (carrier side)',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: statusUpdateInput, example: { newFreightDocumentStatus: 'TRANSIT', previousCommits: [HEAD] } },
    success: [{ status: 201, description: 'The document.', headers: { Location: `/api/freightdocuments/${ID}` }, content: theDocument }],
    errors: [...changeErrors, '3.9', '4.16', '4.29'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/comments',
    tag: 'Transfers',
    summary: 'Comment on the transport (carriers, after issue)',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: { schema: commentInput, example: { text: 'Two pallets wrapped again', previousCommits: [HEAD] } },
    success: [
      {
        status: 201,
        description: 'The comment and its commit.',
        headers: { Location: `/api/freightdocuments/${ID}` },
        content: json(createdCommentResponse, { commentId: '64a3f09a-1c2d-4e5f-8a9b-0c1d2e3f4a5b', commitId: HEAD }),
      },
    ],
    errors: [...changeErrors, '3.1', '3.2', '3.8', '3.17', '4.12', '4.16'],
  },
  {
    method: 'patch',
    path: '/freightdocuments/{id}/licenseplates',
    tag: 'Transfers',
    summary: 'Set the license plates of a carrier role',
    auth: 'bearer',
    parameterExamples: { id: ID },
    body: {
      schema: licensePlatesInput,
      example: { roleId: ROLE_ID, licensePlates: [{ licensePlate: 'BX-123-Z', countryCode: 'NLD', type: 'TRUCK' }], previousCommits: [HEAD] },
    },
    success: [{ status: 200, description: 'The document.', content: theDocument }],
    errors: [...changeErrors, '3.1', '3.2', '3.9', '3.39', '3.45', '3.46', '3.47', '3.48', '3.49'],
  },
  {
    method: 'post',
    path: '/freightdocuments/{id}/delegate',
    tag: 'Delegation',
    summary: 'Delegate a role the caller holds on this document',
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
    errors: ['1.4', '4.47', '3.1', '3.9', '3.16', '3.36', '3.37', '3.38', '4.7', '4.42'],
  },
  {
    method: 'delete',
    path: '/freightdocuments/{id}/delegates/{delegateId}',
    tag: 'Delegation',
    summary: 'End a delegation on this document',
    auth: 'bearer',
    parameterExamples: { id: ID, delegateId: DELEGATE_ID },
    success: [{ status: 204, description: 'Ended.' }],
    errors: ['4.47', '4.1'],
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
      errors: [...errors, '3.1', '4.14', '4.15'],
    },
    {
      method: 'get',
      path: base,
      tag: 'Subscriptions',
      summary: `The caller’s subscriptions to ${scope}`,
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
      auth: 'bearer',
      parameterExamples: item,
      success: [{ status: 202, description: 'Queued.', content: json(queuedDeliveryResponse, { deliveryId: DELIVERY_ID }) }],
      errors: [...errors, '4.1'],
    },
    {
      method: 'post',
      path: `${base}/{subscriptionId}/deliveries/{deliveryId}/redeliver`,
      tag: 'Subscriptions',
      summary: 'Send a delivery again',
      auth: 'bearer',
      parameterExamples: { ...item, deliveryId: DELIVERY_ID },
      success: [{ status: 202, description: 'Queued.', content: json(queuedDeliveryResponse, { deliveryId: DELIVERY_ID }) }],
      errors: [...errors, '4.1'],
    },
  ];
}

export const subscriptionOperationsList: ApiOperation[] = [
  ...subscriptionOperations('/freightdocuments/{id}/subscriptions', 'one document', { id: ID }, ['4.47']),
  ...subscriptionOperations('/accounts/users/me/subscriptions', 'every document of the account', {}, []),
];
