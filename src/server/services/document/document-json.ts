import { formatMillis, formatSeconds } from '@/lib/domain/dates';
import { renderGoodsTable } from '@/lib/domain/goods-table';
import type { ApprovalResponse, CommentResponse, FreightDocumentContent, PartyResponse } from '@/lib/schemas/freight-document-response';
import { rightOfDisposalHolder } from '@/lib/domain/legal-events';
import type { AccountSummary, ApprovalRow, AttachmentSummary, CommentRow, CommitRow, DocumentRow, LegalEventRow, RoleRow, TransferRecords } from './rows';
import { legalEventsJson } from './legal-events-json';

/** Everything the content of one document is made of, loaded once. */
export interface DocumentContentSource {
  document: DocumentRow;
  roles: RoleRow[];
  people: Map<string, AccountSummary>;
  /** Absent for list entries (contract §4: lists leave out attachments, approvals, comments and updates). */
  history?: { commits: CommitRow[]; files: AttachmentSummary[]; records: TransferRecords };
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
  'taxRegistrationId',
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

/** The commit fields every approval and comment carries: those of the commit that recorded it. */
function stampOf(commit: CommitRow | undefined) {
  return {
    commitId: commit?.id ?? '',
    previousCommits: commit?.previousCommits ?? [],
    createDateTimeClient: commitTime(commit?.createDateTimeClient ?? null),
    createDateTimeServer: commit ? formatMillis(commit.createDateTimeServer) : '',
  };
}

/** Records in the order of the commits that made them. */
function inCommitOrder<T extends { commitId: string | null }>(records: T[], commits: Map<string, CommitRow>): T[] {
  const sequence = (record: T) => commits.get(record.commitId ?? '')?.sequence ?? Number.MAX_SAFE_INTEGER;
  return [...records].sort((a, b) => sequence(a) - sequence(b));
}

function approvalJson(approval: ApprovalRow, commit: CommitRow | undefined, person: (id: string) => AccountSummary | { accountId: string }): ApprovalResponse {
  return {
    approvalId: approval.id,
    type: approval.type,
    action: approval.action,
    side: approval.side,
    role: approval.role,
    roleId: approval.roleId,
    fromRoleId: approval.fromRoleId,
    toRoleId: approval.toRoleId,
    account: approval.accountId ? person(approval.accountId) : null,
    submittedBy: person(approval.submittedByAccountId),
    place: approval.place,
    location: approval.latitude !== null && approval.longitude !== null ? { latitude: approval.latitude, longitude: approval.longitude } : null,
    declined: approval.declined,
    remarks: approval.remarks,
    ...stampOf(commit),
    acceptedReservations: approval.acceptedReservations ?? [],
    unseenReservations: approval.unseenReservations ?? [],
    ...(approval.type === 'SIGN_ON_GLASS'
      ? { signedOnGlassBy: approval.signedOnGlassBy ?? { name: '' }, attachmentId: approval.attachmentId ?? undefined }
      : {}),
  };
}

/** When and by whom a reservation was withdrawn (contract §14): its withdrawal is a legal event of its own. */
type Withdrawal = NonNullable<NonNullable<CommentResponse['reservation']>['withdrawn']>;

function withdrawalsOf(events: LegalEventRow[], commits: Map<string, CommitRow>, person: (id: string) => AccountSummary | { accountId: string }) {
  const withdrawals = new Map<string, Withdrawal>();
  for (const event of events) {
    const commentId = event.kind === 'RESERVATION_WITHDRAWAL' ? (event.body as { commentId?: string }).commentId : undefined;
    if (!commentId) continue;
    const commit = commits.get(event.commitId ?? '');
    const account = (event.accountId ? person(event.accountId) : {}) as Partial<AccountSummary>;
    withdrawals.set(commentId, {
      at: commit ? formatMillis(commit.createDateTimeServer) : '',
      by: { accountNumber: account.accountNumber ?? null, name: account.name ?? null },
    });
  }
  return withdrawals;
}

function commentJson(
  comment: CommentRow,
  commit: CommitRow | undefined,
  person: (id: string) => AccountSummary | { accountId: string },
  files: AttachmentSummary[],
  withdrawn: Withdrawal | undefined,
): CommentResponse {
  const account = comment.accountId ? person(comment.accountId) : null;
  return {
    commentId: comment.id,
    type: comment.reservation ? 'RESERVATION' : 'COMMENT',
    text: comment.text,
    role: comment.role,
    roleId: comment.roleId,
    account,
    accountId: comment.accountId,
    creatorName: (account as Partial<AccountSummary> | null)?.name ?? null,
    creatorRole: comment.role,
    submittedBy: person(comment.submittedByAccountId),
    attachments: attachmentsOf(comment.attachmentIds, files),
    clientMeta: (comment.clientMeta ?? null) as CommentResponse['clientMeta'],
    reservation: comment.reservation ? ({ ...comment.reservation, ...(withdrawn ? { withdrawn } : {}) } as CommentResponse['reservation']) : null,
    ...stampOf(commit),
  };
}

const attachmentsOf = (ids: string[], files: AttachmentSummary[]) =>
  ids.map((id) => files.find((file) => file.attachmentId === id)).filter((file): file is AttachmentSummary => !!file);

/** The accounts an approval, comment or legal event names, for loading them with the rest. */
export function accountsOfRecords(records: TransferRecords): string[] {
  return [...records.approvals, ...records.comments, ...records.legalEvents]
    .flatMap((record) => [record.accountId, record.submittedByAccountId])
    .filter((id): id is string => !!id);
}

/**
 * The content of a freight document (spec §2.3): the same for every reader, so it can be cached per commit,
 * signed and printed. Built from a whitelist of the specification's fields, never by spreading what is stored.
 */
export function documentContentJson(state: DocumentContentSource): FreightDocumentContent {
  const { document, roles, people, history } = state;
  const content = document.content as Record<string, unknown>;
  const structuredGoods = (content.structuredGoods as FreightDocumentContent['structuredGoods'] | undefined) ?? [];
  const single = (role: RoleRow['role']) => {
    const row = roles.find((candidate) => candidate.role === role);
    return row ? partyJson(row) : null;
  };
  const structuredGoodsCommit = structuredGoods.length ? history?.commits.find((commit) => commit.id === document.structuredGoodsCommitId) : undefined;
  const reimbursementAmount = content.reimbursementAmount;
  const holder = document.status === 'TRANSIT' ? roles.find((role) => role.id === document.custody.at(-1)) : undefined;
  const person = (id: string) => people.get(id) ?? { accountId: id };
  const commitsById = new Map((history?.commits ?? []).map((commit) => [commit.id, commit]));
  const withdrawals = history ? withdrawalsOf(history.records.legalEvents, commitsById, person) : new Map<string, Withdrawal>();
  return {
    freightDocumentId: document.id,
    serviceNumber: document.serviceNumber,
    transFollowNumber: document.serviceNumber,
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
    licensePlates: document.licensePlates.map((plate) => ({
      roleId: plate.roleId,
      licensePlate: plate.licensePlate,
      countryCode: plate.countryCode,
      type: plate.type,
    })),
    custody: holder ? { roleId: holder.id, role: holder.role } : null,
    consigneeHasRightOfDisposal: content.consigneeHasRightOfDisposal === true,
    rightOfDisposal: {
      holderRole: rightOfDisposalHolder({ status: document.status, consigneeHasRightOfDisposal: content.consigneeHasRightOfDisposal === true }),
    },
    replacedByPaper: document.replacedByPaper
      ? ({ ...document.replacedByPaper, at: formatMillis(new Date(document.replacedByPaper.at)) } as FreightDocumentContent['replacedByPaper'])
      : null,
    ...(history
      ? {
          ...legalEventsJson(history.records.legalEvents, commitsById, person, history.files),
          attachments: history.files,
          comments: inCommitOrder(history.records.comments, commitsById).map((comment) =>
            commentJson(comment, commitsById.get(comment.commitId ?? ''), person, history.files, withdrawals.get(comment.id)),
          ),
          approvals: inCommitOrder(history.records.approvals, commitsById).map((approval) =>
            approvalJson(approval, commitsById.get(approval.commitId ?? ''), person),
          ),
          updates: history.commits.map((commit) => ({
            freightDocumentId: commit.documentId,
            accountId: commit.accountId,
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
