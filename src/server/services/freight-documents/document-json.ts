import { formatMillis, formatSeconds } from '@/lib/domain/dates';
import { renderGoodsTable } from '@/lib/domain/goods-table';
import type { FreightDocumentContent, PartyResponse } from '@/lib/schemas/freight-document-response';
import type { documentCommits } from '@/server/db/schema';
import type { DocumentRow, RoleRow } from '../access/load-document';

export type AccountSummary = { accountId: string; accountNumber: string; email: string; name: string; phoneNumber: string | null };
export type CommitRow = typeof documentCommits.$inferSelect;
export type AttachmentSummary = NonNullable<FreightDocumentContent['attachments']>[number];

/** Everything the content of one document is made of, loaded once. */
export interface DocumentState {
  document: DocumentRow;
  roles: RoleRow[];
  people: Map<string, AccountSummary>;
  /** Absent for list entries (contract §4: lists leave out attachments, approvals, comments and updates). */
  history?: { commits: CommitRow[]; files: AttachmentSummary[] };
}

const PARTY_FIELDS = [
  'name',
  'streetName',
  'buildingNumber',
  'postalBox',
  'postalCode',
  'cityName',
  'countryCode',
  'countryName',
  'contactName',
  'contactNote',
  'contactEmailAddress',
  'contactPhoneNumber',
  'submittedAccountEmailAddress',
  'submittedAccountNumber',
  'glnCode',
] as const;

/** Only the fields a party has in the specification (§2.4); buildingNumber is always a string in responses. */
function partyJson(role: RoleRow): PartyResponse {
  const stored = role.party;
  const party: Record<string, string> = {};
  for (const field of PARTY_FIELDS) {
    const value = stored[field];
    if (value !== undefined && value !== null) party[field] = String(value);
  }
  return { ...party, roleId: role.id, accountId: role.accountId };
}

const seconds = (value: Date | null): string | null => (value ? formatSeconds(value) : null);
const storedSeconds = (value: unknown): string | null => (typeof value === 'string' ? formatSeconds(new Date(value)) : null);
const commitTime = (value: Date | null): string | null => (value ? formatMillis(value) : null);
const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The content of a freight document (spec §2.3): the same for every reader, so it can be cached per commit,
 * signed and printed. Built from a whitelist of the specification's fields, never by spreading what is stored.
 */
export function documentContentJson(state: DocumentState): FreightDocumentContent {
  const { document, roles, people, history } = state;
  const content = document.content as Record<string, unknown>;
  const structuredGoods = (content.structuredGoods as FreightDocumentContent['structuredGoods'] | undefined) ?? [];
  const single = (role: RoleRow['role']) => {
    const row = roles.find((candidate) => candidate.role === role);
    return row ? partyJson(row) : null;
  };
  const structuredGoodsCommit = structuredGoods.length ? history?.commits.find((commit) => commit.id === document.structuredGoodsCommitId) : undefined;
  const reimbursementAmount = content.reimbursementAmount;
  return {
    freightDocumentId: document.id,
    serviceNumber: document.serviceNumber,
    authorityReference: null,
    type: document.type,
    status: document.status,
    submitterAccountId: document.submitterAccountId,
    submitterName: people.get(document.submitterAccountId)?.name ?? null,
    consignor: single('CONSIGNOR'),
    consignee: single('CONSIGNEE'),
    carrier: single('CARRIER'),
    placeOfTakingOver: single('PLACE_OF_TAKING_OVER'),
    placeOfDelivery: single('PLACE_OF_DELIVERY'),
    subsequentCarriers: roles
      .filter((role) => role.role === 'SUBSEQUENT_CARRIER')
      .sort((a, b) => a.position - b.position)
      .map(partyJson),
    agreedDateTimeOfTakingOver: seconds(document.agreedDateTimeOfTakingOver),
    agreedDateOfTakingOver: document.agreedDateTimeOfTakingOver ? document.agreedDateTimeOfTakingOver.toISOString().slice(0, 10) : null,
    agreedDateTimeOfDelivery: storedSeconds(content.agreedDateTimeOfDelivery),
    estimatedDateTimeOfTakingOver: seconds(document.estimatedDateTimeOfTakingOver),
    estimatedDateTimeOfDelivery: seconds(document.estimatedDateTimeOfDelivery),
    establishedDate: document.establishedDate,
    establishedPlace: document.establishedPlace,
    reimbursementCurrency: optionalString(content.reimbursementCurrency),
    reimbursementAmount: typeof reimbursementAmount === 'number' ? reimbursementAmount : undefined,
    paymentForCarriage: optionalString(content.paymentForCarriage),
    goods: structuredGoods.length ? renderGoodsTable(structuredGoods) : (optionalString(content.goods) ?? null),
    structuredGoods,
    senderInstructions: optionalString(content.senderInstructions),
    specialAgreements: optionalString(content.specialAgreements),
    transportConditions: optionalString(content.transportConditions),
    references: (content.references as FreightDocumentContent['references'] | undefined) ?? [],
    availableSigningMethods: content.availableSigningMethods as FreightDocumentContent['availableSigningMethods'],
    carrierCode: document.carrierCode,
    deliveryDate: storedSeconds(content.deliveryDate),
    lastModifiedDateTime: formatMillis(document.lastModifiedDateTime),
    previousCommits: document.headCommits,
    structuredGoodsHeader: structuredGoodsCommit
      ? {
          commitId: structuredGoodsCommit.id,
          createDateTimeClient: commitTime(structuredGoodsCommit.createDateTimeClient),
          createDateTimeServer: commitTime(structuredGoodsCommit.createDateTimeServer),
          previousCommits: structuredGoodsCommit.previousCommits,
        }
      : null,
    licensePlates: [],
    ...(history
      ? {
          attachments: history.files,
          comments: [],
          approvals: [],
          updates: history.commits.map((commit) => ({
            account: commit.accountId ? (people.get(commit.accountId) ?? { accountId: commit.accountId }) : null,
            changeType: commit.changeType,
            commitId: commit.id,
            contentHash: commit.contentHash,
            createDateTimeClient: commitTime(commit.createDateTimeClient),
            createDateTimeServer: formatMillis(commit.createDateTimeServer),
            newFreightDocumentStatus: commit.newStatus,
            previousCommits: commit.previousCommits,
          })),
        }
      : {}),
  };
}
