/**
 * The requests of the matrix: for every method of every route that takes a document or attachment id, a body a
 * holder of the right would send (so that the answer is decided by access and state, not by validation), and the
 * contract's expected answer (rules.ts). Cases of one group run one after another for each caller, so that what
 * one creates (a subscription, a delegation) the next reads or removes; the groups run in the order listed,
 * those whose success changes the document last.
 */
import { PDF_BYTES } from '../documents-support';
import type { Cast, Caller, FixtureDocument, TransferKind } from './fixture';
import { TRANSFER_KINDS } from './fixture';
import { RULES, type Cell, type Expected, type Role } from './rules';
import type { Method } from './routes';

/** What a caller's earlier cases on one document made: its own subscription, delivery and delegation. */
export interface Memo {
  subscriptionId?: string;
  deliveryId?: string;
  delegateId?: string;
}

export interface CallContext {
  doc: FixtureDocument;
  caller: Caller;
  cast: Cast;
  memo: Memo;
  /** A callback URL at the test's webhook receiver. */
  callbackUrl: () => string;
  /** A number unique in the run (license plates must change to be accepted, 3.49). */
  unique: () => number;
}

export interface Call {
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface RouteCase {
  /** Unique label: method, template and variant. */
  name: string;
  method: Method;
  /** The route's key in routes.ts. */
  template: string;
  expected: (cell: Cell) => Expected;
  /** Success moves the document on (issue, cancel, a transfer): a successful cell gets a document of its own. */
  freshOnSuccess?: boolean;
  call: (context: CallContext) => Call;
  /** Keeps what a successful answer created for the group's next cases. */
  remember?: (memo: Memo, body: any) => void;
}

const doc = (context: CallContext) => `/api/freightdocuments/${context.doc.id}`;
/** The role the caller acts in; the outsider claims the carrier's. */
const roleOf = (context: CallContext): Role => context.caller.role ?? 'CARRIER';
const heads = (context: CallContext) => ({ previousCommits: context.doc.heads });
/** The caller's own subscription on the document, else the submitter's standing one (the outsider's target). */
const subscription = (context: CallContext) =>
  `${doc(context)}/subscriptions/${context.memo.subscriptionId ?? context.doc.standing?.subscriptionId ?? crypto.randomUUID()}`;

const one = (name: string, rest: Omit<RouteCase, 'name'>): RouteCase => ({ name, ...rest });

export interface CaseGroup {
  cases: RouteCase[];
  /** Callers one at a time: they share a resource (the spare delegatee). Otherwise a few callers run at once. */
  oneCallerAtATime?: boolean;
}

export const CASE_GROUPS: CaseGroup[] = [
  {
    cases: [
      one('GET /freightdocuments/{id}', { method: 'GET', template: '/freightdocuments/{id}', expected: RULES.read, call: (c) => ({ path: doc(c) }) }),
      // The PDF and PGP forms at their own paths answer exactly as the Accept forms of GET …/{id} (same rule).
      ...(['pdf', 'pgp'] as const).map((form) =>
        one(`GET /freightdocuments/{id}/${form}`, {
          method: 'GET',
          template: `/freightdocuments/{id}/${form}`,
          expected: RULES.read,
          call: (c) => ({ path: `${doc(c)}/${form}` }),
        }),
      ),
      ...([false, true] as const).map((sealed) =>
        one(`GET /freightdocuments/{id}/attachments/{attachmentId} (${sealed ? 'sealed' : 'unsealed'})`, {
          method: 'GET',
          template: '/freightdocuments/{id}/attachments/{attachmentId}',
          expected: RULES.documentAttachment(sealed),
          call: (c) => ({ path: `${doc(c)}/attachments/${sealed ? c.doc.attachments.sealed : c.doc.attachments.unsealed}` }),
        }),
      ),
      ...([false, true] as const).flatMap((sealed) =>
        (['', '/content'] as const).map((suffix) =>
          one(`GET /attachment/{id}${suffix} (${sealed ? 'sealed' : 'unsealed'})`, {
            method: 'GET',
            template: `/attachment/{id}${suffix}`,
            expected: RULES.attachment(sealed),
            call: (c) => ({ path: `/api/attachment/${sealed ? c.doc.attachments.sealed : c.doc.attachments.unsealed}${suffix}`, headers: { Accept: '*/*' } }),
          }),
        ),
      ),
    ],
  },
  {
    cases: [
      one('PUT /freightdocuments/{id}', {
        method: 'PUT',
        template: '/freightdocuments/{id}',
        expected: RULES.replace,
        call: (c) => ({ path: doc(c), json: c.doc.asRead }),
      }),
      one('POST /freightdocuments/{id}/attachments', {
        method: 'POST',
        template: '/freightdocuments/{id}/attachments',
        expected: RULES.addAttachment,
        call: (c) => ({ path: `${doc(c)}/attachments`, json: { type: 'GENERAL', originalFileName: 'extra.pdf', content: PDF_BYTES.toString('base64') } }),
      }),
      one('PATCH /freightdocuments/{id}/estimatedtimes', {
        method: 'PATCH',
        template: '/freightdocuments/{id}/estimatedtimes',
        expected: RULES.estimatedTimes,
        // The same delivery estimate again: a change the document accepts without moving anything.
        call: (c) => ({ path: `${doc(c)}/estimatedtimes`, json: { estimatedDateTimeOfDelivery: c.doc.asRead.estimatedDateTimeOfDelivery, ...heads(c) } }),
      }),
      one('PATCH /freightdocuments/{id}/structuredgoods', {
        method: 'PATCH',
        template: '/freightdocuments/{id}/structuredgoods',
        expected: RULES.structuredGoods,
        call: (c) => ({ path: `${doc(c)}/structuredgoods`, json: { structuredGoods: c.doc.goods, ...heads(c) } }),
      }),
      one('PATCH /freightdocuments/{id}/licenseplates', {
        method: 'PATCH',
        template: '/freightdocuments/{id}/licenseplates',
        expected: RULES.licensePlates,
        call: (c) => ({
          path: `${doc(c)}/licenseplates`,
          json: {
            roleId: c.doc.roleIds[roleOf(c) === 'SUBSEQUENT_CARRIER' ? 'SUBSEQUENT_CARRIER' : 'CARRIER'],
            licensePlates: [{ licensePlate: `MX-${c.unique()}`, countryCode: 'NLD', type: 'TRUCK' }],
            ...heads(c),
          },
        }),
      }),
      one('POST /freightdocuments/{id}/comments', {
        method: 'POST',
        template: '/freightdocuments/{id}/comments',
        expected: RULES.comment,
        call: (c) => ({ path: `${doc(c)}/comments`, json: { text: 'Checked by the access matrix', ...heads(c) } }),
      }),
      one('POST /freightdocuments/{id}/instructions', {
        method: 'POST',
        template: '/freightdocuments/{id}/instructions',
        expected: RULES.instruction,
        call: (c) => ({ path: `${doc(c)}/instructions`, json: { kind: 'OTHER', text: 'Call before delivery', ...heads(c) } }),
      }),
      one('POST /freightdocuments/{id}/instructions/{instructionId}/response', {
        method: 'POST',
        template: '/freightdocuments/{id}/instructions/{instructionId}/response',
        expected: RULES.answerUnknownInstruction,
        call: (c) => ({ path: `${doc(c)}/instructions/${crypto.randomUUID()}/response`, json: { accepted: true, ...heads(c) } }),
      }),
      one('POST /freightdocuments/{id}/impediments', {
        method: 'POST',
        template: '/freightdocuments/{id}/impediments',
        expected: RULES.impediment,
        call: (c) => ({ path: `${doc(c)}/impediments`, json: { kind: 'DELIVERY_PREVENTED', text: 'Road closed', ...heads(c) } }),
      }),
      one('POST /freightdocuments/{id}/cashondelivery', {
        method: 'POST',
        template: '/freightdocuments/{id}/cashondelivery',
        expected: RULES.cashOnDelivery,
        call: (c) => ({ path: `${doc(c)}/cashondelivery`, json: { collected: false, ...heads(c) } }),
      }),
      one('GET /freightdocuments/{id}/commits/{commitId}', {
        method: 'GET',
        template: '/freightdocuments/{id}/commits/{commitId}',
        expected: RULES.read,
        call: (c) => ({ path: `${doc(c)}/commits/${c.doc.heads[0]}` }),
      }),
      one('POST /freightdocuments/{id}/comments/{commentId}/withdrawal', {
        method: 'POST',
        template: '/freightdocuments/{id}/comments/{commentId}/withdrawal',
        expected: RULES.withdrawUnknownReservation,
        call: (c) => ({ path: `${doc(c)}/comments/${crypto.randomUUID()}/withdrawal`, json: heads(c) }),
      }),
      one('GET /freightdocuments/{id}/receipt', {
        method: 'GET',
        template: '/freightdocuments/{id}/receipt',
        expected: RULES.receipt,
        call: (c) => ({ path: `${doc(c)}/receipt` }),
      }),
      ...(['pdf', 'pgp'] as const).map((form) =>
        one(`GET /freightdocuments/{id}/receipt/${form}`, {
          method: 'GET',
          template: `/freightdocuments/{id}/receipt/${form}`,
          expected: RULES.receipt,
          call: (c) => ({ path: `${doc(c)}/receipt/${form}` }),
        }),
      ),
    ],
  },
  // Delegating to the spare account, then ending that delegation: the spare holds nothing between two callers.
  {
    oneCallerAtATime: true,
    cases: [
      one('POST /freightdocuments/{id}/delegate', {
        method: 'POST',
        template: '/freightdocuments/{id}/delegate',
        expected: RULES.delegate,
        call: (c) => ({ path: `${doc(c)}/delegate`, json: { role: roleOf(c), accountNumberOfDelegatee: c.cast.spare.accountNumber } }),
        remember: (memo, body) => (memo.delegateId = body.delegateId),
      }),
      one('DELETE /freightdocuments/{id}/delegates/{delegateId}', {
        method: 'DELETE',
        template: '/freightdocuments/{id}/delegates/{delegateId}',
        expected: RULES.revokeDelegation,
        // Without one of its own (the outsider, a cancelled document): the carrier's delegation to its delegate.
        call: (c) => ({ path: `${doc(c)}/delegates/${c.memo.delegateId ?? c.doc.delegations.CARRIER ?? crypto.randomUUID()}` }),
      }),
    ],
  },
  {
    cases: [
      one('POST /freightdocuments/{id}/subscriptions', {
        method: 'POST',
        template: '/freightdocuments/{id}/subscriptions',
        expected: RULES.subscribe,
        call: (c) => ({ path: `${doc(c)}/subscriptions`, json: { callbackUrl: c.callbackUrl() } }),
        remember: (memo, body) => (memo.subscriptionId = body.subscriptionId),
      }),
      one('GET /freightdocuments/{id}/subscriptions', {
        method: 'GET',
        template: '/freightdocuments/{id}/subscriptions',
        expected: RULES.listSubscriptions,
        call: (c) => ({ path: `${doc(c)}/subscriptions` }),
      }),
      one('POST /freightdocuments/{id}/subscriptions/{subscriptionId}/test', {
        method: 'POST',
        template: '/freightdocuments/{id}/subscriptions/{subscriptionId}/test',
        expected: RULES.testEvent,
        call: (c) => ({ path: `${subscription(c)}/test` }),
        remember: (memo, body) => (memo.deliveryId = body.deliveryId),
      }),
      one('GET /freightdocuments/{id}/subscriptions/{subscriptionId}/deliveries', {
        method: 'GET',
        template: '/freightdocuments/{id}/subscriptions/{subscriptionId}/deliveries',
        expected: RULES.deliveries,
        call: (c) => ({ path: `${subscription(c)}/deliveries` }),
      }),
      one('POST /freightdocuments/{id}/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver', {
        method: 'POST',
        template: '/freightdocuments/{id}/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver',
        expected: RULES.redeliver,
        call: (c) => ({
          path: `${subscription(c)}/deliveries/${c.memo.deliveryId ?? c.doc.standing?.deliveryId ?? crypto.randomUUID()}/redeliver`,
        }),
      }),
      one('DELETE /freightdocuments/{id}/subscriptions/{subscriptionId}', {
        method: 'DELETE',
        template: '/freightdocuments/{id}/subscriptions/{subscriptionId}',
        expected: RULES.unsubscribe,
        call: (c) => ({ path: subscription(c) }),
      }),
    ],
  },
  // A hand-over link changes nothing in the document (and is never made here: see RULES.handoverLink).
  {
    cases: TRANSFER_KINDS.map((action: TransferKind) =>
      one(`POST /freightdocuments/{id}/handoverlinks (${action})`, {
        method: 'POST',
        template: '/freightdocuments/{id}/handoverlinks',
        expected: RULES.handoverLink(action),
        call: (c) => ({ path: `${doc(c)}/handoverlinks`, json: { action } }),
      }),
    ),
  },
  // Success moves the document: on a document of the cell's own.
  {
    cases: [
      one('POST /freightdocuments/{id}/issue', {
        method: 'POST',
        template: '/freightdocuments/{id}/issue',
        expected: RULES.issue,
        freshOnSuccess: true,
        call: (c) => ({ path: `${doc(c)}/issue` }),
      }),
      one('POST /freightdocuments/{id}/replacebypaper', {
        method: 'POST',
        template: '/freightdocuments/{id}/replacebypaper',
        expected: RULES.replaceByPaper,
        freshOnSuccess: true,
        call: (c) => ({ path: `${doc(c)}/replacebypaper`, json: { reason: 'Checked by the access matrix', ...heads(c) } }),
      }),
      one('POST /freightdocuments/{id}/cancel', {
        method: 'POST',
        template: '/freightdocuments/{id}/cancel',
        expected: RULES.cancel,
        freshOnSuccess: true,
        call: (c) => ({ path: `${doc(c)}/cancel` }),
      }),
      one('POST /freightdocuments/{id}/updates', {
        method: 'POST',
        template: '/freightdocuments/{id}/updates',
        expected: RULES.statusUpdate,
        freshOnSuccess: true,
        call: (c) => ({
          path: `${doc(c)}/updates`,
          json: { newFreightDocumentStatus: c.doc.status === 'TRANSIT' || c.doc.status === 'DELIVERED' ? 'DELIVERED' : 'TRANSIT', ...heads(c) },
        }),
      }),
      ...TRANSFER_KINDS.map((action: TransferKind) =>
        one(`POST /freightdocuments/{id}/submitmyapproval (${action})`, {
          method: 'POST',
          template: '/freightdocuments/{id}/submitmyapproval',
          expected: RULES.ownApproval(action),
          freshOnSuccess: true,
          call: (c) => ({ path: `${doc(c)}/submitmyapproval`, json: { action, ownRole: roleOf(c), ...heads(c) } }),
        }),
      ),
      ...TRANSFER_KINDS.map((action: TransferKind) =>
        one(`POST /freightdocuments/{id}/submitcounterpartyapproval (${action})`, {
          method: 'POST',
          template: '/freightdocuments/{id}/submitcounterpartyapproval',
          expected: RULES.counterPartyApproval(action),
          freshOnSuccess: true,
          call: (c) => ({ path: `${doc(c)}/submitcounterpartyapproval`, json: { action, ...heads(c) } }),
        }),
      ),
    ],
  },
];

export const ALL_CASES: RouteCase[] = CASE_GROUPS.flatMap((group) => group.cases);
