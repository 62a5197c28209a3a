import { commitContentOf, commitIdOf, digestOf, documentPartsOf, HASH_VERSION, partDigestsOf, PART_NAMES, recordsRootOf } from '@/lib/chain/formula';
import exampleDocument from './example-document.json';

/**
 * Example values of the OpenAPI document: one real answer of the service (example-document.json, a freshly created
 * draft as its submitter reads it) and small bodies. tests/unit/openapi.test.ts parses every example with its schema,
 * so an example that no longer fits the code fails there.
 */
export const ID = exampleDocument.freightDocumentId;
export const ROLE_ID = exampleDocument.carrier.roleId;
export const HEAD = exampleDocument.previousCommits[0]!;
export const ATTACHMENT_ID = '0b9d6c1e-5f43-4a8e-9d8e-3c1f7a2b4e60';
export const DELEGATE_ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
export const SUBSCRIPTION_ID = '2d4f6a8c-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
export const DELIVERY_ID = '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4';

export const documentExample = exampleDocument;
export const { attachments: _attachments, comments: _comments, approvals: _approvals, updates: _updates, ...listedDocument } = exampleDocument;

export const documentBodyExample = {
  type: 'WAYBILL',
  consignor: { name: 'Acme', countryCode: 'NLD', submittedAccountNumber: '1000001' },
  consignee: { name: 'Beta', countryCode: 'DEU', submittedAccountEmailAddress: 'beta@example.com' },
  carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: '1000002' },
  placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
  establishedDate: '2026-11-23',
  establishedPlace: 'Rotterdam',
  structuredGoods: [{ name: 'Pallet', numberOfPackages: 12, weight: 480, weightUnit: 'KILOGRAM' }],
};

/** A 1×1 PNG, the smallest attachment the sniffing accepts. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** The SHA-256 of PNG_BASE64's 70 bytes: the example attachment's digest, and so its `ETag`. */
export const ATTACHMENT_DIGEST = 'c414cd0e204de974f73753c7e28d7638e7b3691bb8b1a2bab6b25bb7fed7ce77';

export const attachmentBodyExample = { type: 'GOODS', originalFileName: 'pallets.png', sealed: false, content: PNG_BASE64 };

export const attachmentExample = {
  attachmentId: ATTACHMENT_ID,
  type: 'GOODS',
  name: null,
  originalFileName: 'pallets.png',
  mimeType: 'image/png',
  sealed: false,
  size: 70,
  content: PNG_BASE64,
};

export const accountExample = {
  accountId: exampleDocument.submitterAccountId,
  accountNumber: '1000001',
  name: 'Ann',
  email: 'ann@example.com',
  phoneNumber: null,
  companyName: null,
  credits: 0,
  paymentScheme: 'PRE_PAY',
  environment: 'partner',
};

export const delegateViewExample = {
  delegateId: DELEGATE_ID,
  role: 'CARRIER',
  roleId: ROLE_ID,
  freightDocumentId: ID,
  delegateAccountId: '1b7e3fb2-6ac4-4829-bd50-907dc146a4d6',
  delegateAccountNumber: '1000003',
  delegateName: 'Dave',
  grantorAccountId: exampleDocument.submitterAccountId,
  createdAt: '2026-11-23T14:10:00.000Z',
};

export const subscriptionExample = {
  subscriptionId: SUBSCRIPTION_ID,
  callbackUrl: 'https://tms.example.com/hooks/freight',
  freightDocumentId: ID,
  createdAt: '2026-11-23T14:12:00.000Z',
};

export const deliveryExample = {
  deliveryId: DELIVERY_ID,
  webhookId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  event: { freightDocumentId: ID, status: 'ISSUED' },
  attempts: [{ at: '2026-11-23T14:13:00.000Z', httpStatus: 200, durationMs: 84 }],
  state: 'DELIVERED',
};

export const PUBLIC_KEY_EXAMPLE = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nxjMEZ…\n-----END PGP PUBLIC KEY BLOCK-----\n';
export const SIGNED_EXAMPLE = `-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\n{"freightDocumentId":"${ID}",…}\n-----BEGIN PGP SIGNATURE-----\n\nwnUEARYKACcFgm…\n-----END PGP SIGNATURE-----\n`;

/**
 * A document's creating commit as GET /freightdocuments/{id}/commits/{commitId} serves it: computed with the chain's
 * formula (lib/chain/formula.ts), so every digest in it checks.
 */
export const commitExample = (() => {
  const parts = documentPartsOf({
    content: { goods: 'Pallets', availableSigningMethods: exampleDocument.availableSigningMethods },
    roles: [{ id: exampleDocument.consignor.roleId, role: 'CONSIGNOR', email: null, party: { name: 'Acme', countryCode: 'NLD' }, position: 0 }],
    files: [],
  });
  const digests = partDigestsOf(parts);
  const content = commitContentOf(
    {
      freightDocumentId: ID,
      serviceNumber: exampleDocument.serviceNumber,
      type: 'WAYBILL',
      status: 'DRAFT',
      submitterAccountId: exampleDocument.submitterAccountId,
      columns: {
        establishedDate: null,
        establishedPlace: null,
        carrierCode: null,
        agreedDateTimeOfTakingOver: null,
        estimatedDateTimeOfTakingOver: null,
        estimatedDateTimeOfDelivery: null,
      },
      custody: [],
      licensePlates: [],
      replacedByPaper: null,
    },
    digests,
    recordsRootOf([], []),
  );
  const contentHash = digestOf(content);
  const fields = {
    freightDocumentId: ID,
    changeType: 'CREATE',
    accountId: exampleDocument.submitterAccountId,
    newFreightDocumentStatus: 'DRAFT',
    previousCommits: [],
    createDateTimeClient: '2026-11-23T14:05:25.228Z',
    createDateTimeServer: '2026-11-23T14:05:25.228Z',
    contentHash,
  };
  return {
    commitId: commitIdOf(fields),
    changeType: 'CREATE',
    contentHash,
    hashVersion: HASH_VERSION,
    content,
    addedRecords: PART_NAMES.map((part) => ({ kind: 'PART', part, digest: digests[part], record: parts[part] })),
  };
})();
