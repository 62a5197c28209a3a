import { documentExample } from './examples';

/**
 * Examples of the document after the approvals of a collection (issue 23: an example answer shows what the request
 * recorded). The example document is Ann's draft with Fast Trucks (Carl's account) as carrier; here it is issued, Carl
 * approves the collection on his own account, then records Ann's approval as consignor by a two-factor code, and the
 * document moves to TRANSIT in Carl's custody. Ids and times are examples.
 */
const carl = { accountId: documentExample.carrier.accountId, accountNumber: '1000002', email: 'carl@example.com', name: 'Carl', phoneNumber: null };
const ann = documentExample.updates[0]!.account;
const CREATE = documentExample.updates[0]!.commitId;
const CARRIER_COMMIT = '5b0e6f7c1d2a3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f';
const COUNTER_PARTY_COMMIT = '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b';

const transfer = { action: 'COLLECTION', fromRoleId: null, toRoleId: documentExample.carrier.roleId };

const carrierApproval = {
  approvalId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  type: 'OWN',
  ...transfer,
  side: 'CARRIER',
  role: 'CARRIER',
  roleId: documentExample.carrier.roleId,
  account: carl,
  submittedBy: carl,
  place: 'Rotterdam',
  location: { latitude: '51.9225', longitude: '4.47917' },
  declined: false,
  remarks: null,
  commitId: CARRIER_COMMIT,
  previousCommits: [CREATE],
  createDateTimeClient: '2026-11-24T07:58:12.000Z',
  createDateTimeServer: '2026-11-24T07:58:12.000Z',
  acceptedReservations: [] as string[],
  unseenReservations: [] as string[],
};

const counterPartyApproval = {
  ...carrierApproval,
  approvalId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  type: 'TFA',
  side: 'COUNTER_PARTY',
  role: 'CONSIGNOR',
  roleId: documentExample.consignor.roleId,
  account: ann,
  commitId: COUNTER_PARTY_COMMIT,
  previousCommits: [CARRIER_COMMIT],
  createDateTimeClient: '2026-11-24T08:01:40.000Z',
  createDateTimeServer: '2026-11-24T08:01:40.000Z',
};

const update = (approval: typeof carrierApproval, status: string | null, contentHash: string) => ({
  freightDocumentId: documentExample.freightDocumentId,
  accountId: approval.submittedBy.accountId,
  account: approval.submittedBy,
  changeType: 'APPROVAL',
  commitId: approval.commitId,
  contentHash,
  createDateTimeClient: approval.createDateTimeClient,
  createDateTimeServer: approval.createDateTimeServer,
  newFreightDocumentStatus: status,
  previousCommits: approval.previousCommits,
});

const issued = {
  ...documentExample,
  status: 'ISSUED',
  updates: [{ ...documentExample.updates[0]!, newFreightDocumentStatus: 'ISSUED' }],
};

/** The answer to the carrier's own COLLECTION approval: recorded, nothing moved yet (the consignor has not approved). */
export const afterCarrierApproval = {
  ...issued,
  approvals: [carrierApproval],
  updates: [...issued.updates, update(carrierApproval, null, '3f1e2d4c5b6a79880716253443526170f9e8d7c6b5a4938271605f4e3d2c1b0a')],
  previousCommits: [CARRIER_COMMIT],
  lastModifiedDateTime: carrierApproval.createDateTimeServer,
};

/** The answer to the consignor's TFA approval recorded by the carrier: the collection completes, TRANSIT. */
export const afterCounterPartyApproval = {
  ...afterCarrierApproval,
  status: 'TRANSIT',
  custody: { roleId: documentExample.carrier.roleId, role: 'CARRIER' },
  approvals: [carrierApproval, counterPartyApproval],
  updates: [...afterCarrierApproval.updates, update(counterPartyApproval, 'TRANSIT', '7a6b5c4d3e2f10a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5')],
  previousCommits: [COUNTER_PARTY_COMMIT],
  lastModifiedDateTime: counterPartyApproval.createDateTimeServer,
};

export const COLLECTION_HEAD = CARRIER_COMMIT;
