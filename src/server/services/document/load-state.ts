import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { isTransaction, preparedPerDatabase } from '@/server/db/prepared';
import { queryRows } from '@/server/db/rows';
import type { accounts } from '@/server/db/schema';
import type { DocumentAccessResponse } from '@/lib/schemas/efti';
import { accessJson, SHOWN_ACCESSES, type AccessRow } from './list-accesses';
import { delegationSourcesQuery, type DelegationSource } from '../access/delegation-sources';
import type {
  AccountSummary,
  ApprovalRow,
  AttachmentSummary,
  CommitRow,
  DelegationRow,
  DocumentRow,
  RoleRow,
  TransferRecords,
  TransferSecretRow,
} from './rows';

/** What the serializer needs beyond the document, its roles and approvals; read in the same statement. */
export interface DocumentFacts {
  commits: CommitRow[];
  /** Current attachments in the order they were added, with their digests (commit snapshots name them). */
  files: (AttachmentSummary & { sha256: string })[];
  records: TransferRecords;
  secretRows: TransferSecretRow[];
  /** The caller's own subscriptions on the document. */
  subscriptionCount: number;
  /** The accounts the document and its history name: the submitter, the actors of commits, approvals and comments. */
  people: Map<string, AccountSummary>;
  /** The caller's active account-wide delegations. */
  ownAccountDelegations: DelegationRow[];
  /**
   * The credit standing of the account issuing charges: the document's submitter, whoever issues (a delegate acts
   * with the SUBMITTER role's rights, and the submitter's credits pay: spec §5).
   */
  payer: CreditStanding | undefined;
  /** The latest accesses (at most SHOWN_ACCESSES), oldest first: verification page visits, eFTI gate reads and follow-ups. */
  accesses: DocumentAccessResponse[];
}

export interface DocumentReadState {
  document: DocumentRow;
  roles: RoleRow[];
  /** Active per-document delegations. */
  documentDelegations: DelegationRow[];
  approvals: ApprovalRow[];
  sources: DelegationSource[];
  facts: DocumentFacts;
}

export type CreditStanding = Pick<typeof accounts.$inferSelect, 'credits' | 'paymentScheme'>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const date = (value: string | null) => (value === null ? null : new Date(value));

/** Subqueries for what the caller brings to any document: its delegation sources and own account-wide delegations. */
type Parameter = string | ReturnType<typeof sql.placeholder> | ReturnType<typeof sql.param>;
const callerSubqueries = (accountId: Parameter) => ({
  sources: sql`(select coalesce(json_agg(json_build_object('accountId', account_id, 'role', role, 'delegationId', entry_id)), '[]') from (${delegationSourcesQuery(accountId)}) found_sources)`,
  ownAccountDelegations: sql`(select coalesce(json_agg(json_build_object('id', id, 'documentId', document_id, 'role', role, 'roleId', role_id,
      'grantorAccountId', grantor_account_id, 'delegateAccountId', delegate_account_id, 'parentId', parent_id, 'createdAt', created_at,
      'revokedAt', revoked_at) order by created_at, id), '[]')
    from delegations where grantor_account_id = ${accountId} and document_id is null and revoked_at is null)`,
});

/** The credit standing of a document's submitter, who pays for issuing it. */
const payerSubquery = (submitterAccountId: unknown) =>
  sql`(select json_build_object('credits', credits, 'paymentScheme', payment_scheme) from accounts where id = ${submitterAccountId})`;

export interface CallerFacts {
  sources: DelegationSource[];
  ownAccountDelegations: DelegationRow[];
}

type JsonDelegation = Omit<DelegationRow, 'createdAt' | 'revokedAt'> & { createdAt: string; revokedAt: string | null };
function callerFactsOf(row: { sources: unknown; ownAccountDelegations: unknown }): CallerFacts {
  return {
    sources: json<DelegationSource[]>(row.sources),
    ownAccountDelegations: json<JsonDelegation[]>(row.ownAccountDelegations).map((entry) => ({
      ...entry,
      createdAt: date(entry.createdAt)!,
      revokedAt: date(entry.revokedAt),
    })),
  };
}

/** The caller's delegation sources and own account-wide delegations, in one statement (the list). */
export async function loadCallerFacts(db: DbOrTx, accountId: string): Promise<CallerFacts> {
  const queries = callerSubqueries(accountId);
  const [row] = await queryRows(db, sql`select ${queries.sources} as sources, ${queries.ownAccountDelegations} as own`);
  return callerFactsOf({ sources: row!.sources, ownAccountDelegations: row!.own });
}

/**
 * A document with everything that decides what the caller may see and do, and everything its serializer shows, in
 * one statement (issue 13: one round trip): Drizzle's relational query reads the rows it owns; the caller's
 * delegation sources, own account-wide delegations and subscriptions, the submitter's credit standing and the accounts the history names
 * come along as subqueries. Undefined when there is no such document.
 */
/** The statement of loadDocumentState; `accountId` and `documentId` are values or placeholders of a prepared statement. */
function documentStateQuery(db: DbOrTx, accountId: Parameter, documentId: Parameter) {
  return db.query.freightDocuments.findFirst({
    where: (document, { eq }) => eq(document.id, documentId as string),
    with: {
      roles: true,
      delegations: { where: (delegation, { isNull }) => isNull(delegation.revokedAt) },
      approvals: true,
      comments: true,
      legalEvents: true,
      commits: { orderBy: (commit, { asc }) => [asc(commit.sequence)] },
      attachments: {
        columns: { content: false, documentId: false, createdAt: false, removedAt: false },
        where: (file, { isNull }) => isNull(file.removedAt),
        orderBy: (file, { asc }) => [asc(file.createdAt), asc(file.id)],
      },
      transferSecrets: true,
    },
    extras: (document) => ({
      sources: callerSubqueries(accountId).sources.as('sources'),
      ownAccountDelegations: callerSubqueries(accountId).ownAccountDelegations.as('own_account_delegations'),
      payer: payerSubquery(document.submitterAccountId).as('payer'),
      subscriptionCount: sql<number>`(select count(*)::int from webhook_subscriptions where account_id = ${accountId} and document_id = ${document.id})`.as(
        'subscription_count',
      ),
      people: sql`(select coalesce(json_agg(json_build_object('accountId', id, 'accountNumber', account_number, 'email', email, 'name', name,
          'phoneNumber', phone_number)), '[]') from accounts where id in (
          select ${document.submitterAccountId}
          union select account_id from document_commits where document_id = ${document.id}
          union select account_id from document_approvals where document_id = ${document.id}
          union select submitted_by_account_id from document_approvals where document_id = ${document.id}
          union select account_id from document_comments where document_id = ${document.id}
          union select submitted_by_account_id from document_comments where document_id = ${document.id}
          union select account_id from document_legal_events where document_id = ${document.id}))`.as('people'),
      accesses: sql`(select coalesce(json_agg(json_build_object('type', type, 'accessedAt', accessed_at, 'requestId', request_id, 'subsets', subsets,
          'httpStatus', http_status, 'responseSha256', response_sha256, 'message', message) order by id), '[]') from (
          select id, type, accessed_at, request_id, subsets, http_status, response_sha256, message from document_accesses
          where document_id = ${document.id} order by id desc limit ${sql.raw(String(SHOWN_ACCESSES))}) latest)`.as('accesses'),
    }),
  });
}

// Built once per database (db/prepared.ts): building it is most of the CPU a GET costs in Drizzle (issue 13 profile).
const documentStateStatement = preparedPerDatabase((db) =>
  documentStateQuery(db, sql.placeholder('accountId'), sql.placeholder('documentId')).prepare('fds_load_document_state'),
);

/**
 * Inside a transaction (every change of a document loads it there) a prepared statement of the database cannot run
 * (it belongs to the database's session, not the transaction's connection): the statement is built on the
 * transaction and run there, as one statement all the same. Issue 33: this used to keep the built statement across
 * transactions by patching Drizzle's private `_toSQL`/`_prepare` steps; the public API builds it per change (CPU, not
 * a round trip: tests/services/round-trips.test.ts keeps the count).
 */
function runInTransaction(tx: DbOrTx, accountId: string, documentId: string) {
  return documentStateQuery(tx, accountId, documentId).execute();
}

function runDocumentStateQuery(db: DbOrTx, accountId: string, documentId: string) {
  if (isTransaction(db)) return runInTransaction(db, accountId, documentId);
  return documentStateStatement(db).execute({ accountId, documentId });
}

export async function loadDocumentState(db: DbOrTx, accountId: string, documentId: string): Promise<DocumentReadState | undefined> {
  const found = await runDocumentStateQuery(db, accountId, documentId);
  if (!found) return undefined;
  const {
    roles,
    delegations,
    approvals,
    comments,
    legalEvents,
    commits,
    attachments,
    transferSecrets: secretRows,
    sources,
    ownAccountDelegations,
    subscriptionCount,
    payer,
    people,
    accesses,
    ...document
  } = found;
  const callerFacts = callerFactsOf({ sources, ownAccountDelegations });
  return {
    document: document as DocumentRow,
    roles,
    documentDelegations: delegations,
    approvals,
    sources: callerFacts.sources,
    facts: {
      commits,
      files: attachments.map(({ id, ...file }) => ({ attachmentId: id, ...file })),
      records: { approvals, comments, legalEvents },
      secretRows,
      subscriptionCount: Number(subscriptionCount ?? 0),
      people: new Map(json<AccountSummary[]>(people).map((person) => [person.accountId, person])),
      ownAccountDelegations: callerFacts.ownAccountDelegations,
      payer: json<CreditStanding | null>(payer) ?? undefined,
      accesses: json<AccessRow[]>(accesses).map(accessJson),
    },
  };
}

/**
 * What a change of a document reads before its rule (the change frame, issue 32): the document, its roles, active
 * per-document delegations, approvals and current attachments with their digests, the caller's delegation sources,
 * and how many commits and comments it holds (contract §1's limits), in one statement. Unlike the state a reader
 * gets, it reads no comment, legal event or commit: a comment added to a document with thousands of them reads none
 * of them. Always inside the change's transaction, after the row lock.
 */
export interface ChangeState {
  document: DocumentRow;
  roles: RoleRow[];
  documentDelegations: DelegationRow[];
  approvals: ApprovalRow[];
  sources: DelegationSource[];
  /** Current attachments with their digests, in the order they were added (the commit's attachments part). */
  files: (AttachmentSummary & { sha256: string })[];
  commitCount: number;
  commentCount: number;
}

function changeStateQuery(db: DbOrTx, accountId: Parameter, documentId: Parameter) {
  return db.query.freightDocuments.findFirst({
    where: (document, { eq }) => eq(document.id, documentId as string),
    with: {
      roles: true,
      delegations: { where: (delegation, { isNull }) => isNull(delegation.revokedAt) },
      approvals: true,
      attachments: {
        columns: { content: false, documentId: false, createdAt: false, removedAt: false },
        where: (file, { isNull }) => isNull(file.removedAt),
        orderBy: (file, { asc }) => [asc(file.createdAt), asc(file.id)],
      },
    },
    extras: (document) => ({
      sources: callerSubqueries(accountId).sources.as('sources'),
      commitCount: sql<number>`(select count(*)::int from document_commits where document_id = ${document.id})`.as('commit_count'),
      commentCount: sql<number>`(select count(*)::int from document_comments where document_id = ${document.id})`.as('comment_count'),
    }),
  });
}

export async function loadChangeState(tx: DbOrTx, accountId: string, documentId: string): Promise<ChangeState | undefined> {
  const found = await changeStateQuery(tx, accountId, documentId).execute();
  if (!found) return undefined;
  const { roles, delegations, approvals, attachments, sources, commitCount, commentCount, ...document } = found;
  return {
    document: document as DocumentRow,
    roles,
    documentDelegations: delegations,
    approvals,
    sources: json<DelegationSource[]>(sources),
    files: attachments.map(({ id, ...file }) => ({ attachmentId: id, ...file })),
    commitCount: Number(commitCount ?? 0),
    commentCount: Number(commentCount ?? 0),
  };
}

/**
 * What each document of a list page needs for its entry, in one statement: roles, active per-document delegations,
 * approvals, the submitter's account and credit standing, and the caller's subscription count. In the order of `ids`.
 */
function listEntriesQuery(db: DbOrTx, accountId: Parameter, ids: Parameter) {
  return db.query.freightDocuments.findMany({
    // `= any(array)`: one statement text for any page size, so it can be prepared (an IN list is not).
    where: (document) => sql`${document.id} = any(${ids}::text[])`,
    with: { roles: true, delegations: { where: (delegation, { isNull }) => isNull(delegation.revokedAt) }, approvals: true },
    extras: (document) => ({
      subscriptionCount: sql<number>`(select count(*)::int from webhook_subscriptions where account_id = ${accountId} and document_id = ${document.id})`.as(
        'subscription_count',
      ),
      submitter: sql`(select json_build_object('accountId', id, 'accountNumber', account_number, 'email', email, 'name', name, 'phoneNumber', phone_number)
        from accounts where id = ${document.submitterAccountId})`.as('submitter'),
      payer: payerSubquery(document.submitterAccountId).as('payer'),
    }),
  });
}

/** Like the document's statement, the entries' is built once per database and then only executed (issue 13 profile). */
const listEntriesStatement = preparedPerDatabase((db) =>
  listEntriesQuery(db, sql.placeholder('accountId'), sql.placeholder('ids')).prepare('fds_load_list_entries'),
);
function runListEntriesQuery(db: DbOrTx, accountId: string, ids: string[]) {
  // sql.param: the array is one parameter (spread into a list it would not cast to an array).
  if (isTransaction(db)) return listEntriesQuery(db, accountId, sql.param(ids));
  return listEntriesStatement(db).execute({ accountId, ids });
}

export async function loadListEntries(db: DbOrTx, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const found = await runListEntriesQuery(db, accountId, ids);
  const byId = new Map(found.map((entry) => [entry.id, entry]));
  return ids.flatMap((id) => {
    const entry = byId.get(id);
    if (!entry) return [];
    const { roles, delegations, approvals, subscriptionCount, submitter, payer, ...document } = entry;
    return [
      {
        document: document as DocumentRow,
        roles,
        documentDelegations: delegations,
        approvals: document.status === 'DRAFT' ? [] : approvals,
        subscriptionCount: Number(subscriptionCount ?? 0),
        submitter: json<AccountSummary | null>(submitter) ?? undefined,
        payer: json<CreditStanding | null>(payer) ?? undefined,
      },
    ];
  });
}
