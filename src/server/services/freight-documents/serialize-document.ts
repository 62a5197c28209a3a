import { asc, eq, inArray } from 'drizzle-orm';
import { formatMillis, formatSeconds } from '@/lib/domain/dates';
import { renderGoodsTable } from '@/lib/domain/goods-table';
import { permissionsOf } from '@/lib/domain/permissions';
import type { DbOrTx } from '@/server/db/client';
import { accounts, attachments, documentCommits } from '@/server/db/schema';
import type { DocumentRow, LoadedDocument, RoleRow } from './load-document';

type AccountSummary = { accountId: string; accountNumber: string; email: string; name: string; phoneNumber: string | null };

function partyJson(role: RoleRow) {
  const party = role.party as Record<string, unknown>;
  return {
    ...party,
    ...(party.buildingNumber !== undefined ? { buildingNumber: String(party.buildingNumber) } : {}),
    roleId: role.id,
    accountId: role.accountId,
  };
}

function dateOrNull(value: Date | null): string | null {
  return value ? formatSeconds(value) : null;
}

export interface DocumentViewOptions {
  /** Lists leave out attachments, approvals, comments and updates (contract §4). */
  summary?: boolean;
  /** Accounts already loaded (a list loads its submitters once for the whole page). */
  people?: Map<string, AccountSummary>;
}

/** The accounts that documents and their updates name, by id, in one query. */
export async function loadPeople(db: DbOrTx, accountIds: string[]): Promise<Map<string, AccountSummary>> {
  const unique = [...new Set(accountIds)];
  if (unique.length === 0) return new Map();
  const people = await db
    .select({ accountId: accounts.id, accountNumber: accounts.accountNumber, email: accounts.email, name: accounts.name, phoneNumber: accounts.phoneNumber })
    .from(accounts)
    .where(inArray(accounts.id, unique));
  return new Map(people.map((person) => [person.accountId, person]));
}

/**
 * The one serializer of a freight document (spec §2.3): REST, tRPC, the PDF and the PGP output all use it,
 * so the JSON a caller sees is the same everywhere.
 */
export async function serializeDocument(db: DbOrTx, loaded: LoadedDocument, options: DocumentViewOptions = {}) {
  const { document, roles, callerRoles } = loaded;
  const commits = options.summary
    ? []
    : await db.select().from(documentCommits).where(eq(documentCommits.documentId, document.id)).orderBy(asc(documentCommits.sequence));
  const accountIds = [document.submitterAccountId, ...commits.map((commit) => commit.accountId)];
  const byId = options.people && accountIds.every((id) => options.people!.has(id)) ? options.people : await loadPeople(db, accountIds);
  const files = options.summary
    ? []
    : await db
        .select({
          attachmentId: attachments.id,
          type: attachments.type,
          name: attachments.name,
          originalFileName: attachments.originalFileName,
          mimeType: attachments.mimeType,
          sealed: attachments.sealed,
          size: attachments.size,
        })
        .from(attachments)
        .where(eq(attachments.documentId, document.id))
        .orderBy(asc(attachments.createdAt));
  return toDocumentJson(document, roles, callerRoles, byId, commits, files, options);
}

function toDocumentJson(
  document: DocumentRow,
  roles: RoleRow[],
  callerRoles: RoleRow[],
  people: Map<string, AccountSummary>,
  commits: (typeof documentCommits.$inferSelect)[],
  files: unknown[],
  options: DocumentViewOptions,
) {
  const content = document.content as Record<string, unknown> & { structuredGoods?: Record<string, unknown>[] };
  const single = (role: RoleRow['role']) => {
    const row = roles.find((candidate) => candidate.role === role);
    return row ? partyJson(row) : null;
  };
  const structuredGoodsCommit = content.structuredGoods?.length ? commits.find((commit) => commit.id === document.structuredGoodsCommitId) : undefined;
  const commitTime = (date: Date | null) => (date ? formatMillis(date) : null);
  const submitter = people.get(document.submitterAccountId);
  return {
    freightDocumentId: document.id,
    serviceNumber: document.serviceNumber,
    authorityReference: null,
    type: document.type,
    status: document.status,
    submitterAccountId: document.submitterAccountId,
    submitterName: submitter?.name ?? null,
    consignor: single('CONSIGNOR'),
    consignee: single('CONSIGNEE'),
    carrier: single('CARRIER'),
    placeOfTakingOver: single('PLACE_OF_TAKING_OVER'),
    placeOfDelivery: single('PLACE_OF_DELIVERY'),
    subsequentCarriers: roles
      .filter((role) => role.role === 'SUBSEQUENT_CARRIER')
      .sort((a, b) => a.position - b.position)
      .map(partyJson),
    ...content,
    agreedDateTimeOfTakingOver: dateOrNull(document.agreedDateTimeOfTakingOver),
    agreedDateOfTakingOver: document.agreedDateTimeOfTakingOver ? formatSeconds(document.agreedDateTimeOfTakingOver).slice(0, 10) : null,
    agreedDateTimeOfDelivery: typeof content.agreedDateTimeOfDelivery === 'string' ? formatSeconds(new Date(content.agreedDateTimeOfDelivery)) : null,
    estimatedDateTimeOfTakingOver: dateOrNull(document.estimatedDateTimeOfTakingOver),
    estimatedDateTimeOfDelivery: dateOrNull(document.estimatedDateTimeOfDelivery),
    deliveryDate: typeof content.deliveryDate === 'string' ? formatSeconds(new Date(content.deliveryDate)) : null,
    establishedDate: document.establishedDate,
    establishedPlace: document.establishedPlace,
    carrierCode: document.carrierCode,
    goods: content.structuredGoods?.length ? renderGoodsTable(content.structuredGoods) : ((content.goods as string | undefined) ?? null),
    structuredGoods: content.structuredGoods ?? [],
    references: (content.references as unknown[] | undefined) ?? [],
    lastModifiedDateTime: formatMillis(document.lastModifiedDateTime),
    ownPermissions: callerRoles.map((role) => ({ permissions: permissionsOf(role.role), role: role.role, roleId: role.id })),
    ownDelegates: [],
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
    subscriptionCount: 0,
    ...(options.summary
      ? {}
      : {
          attachments: files,
          comments: [],
          approvals: [],
          updates: commits.map((commit) => {
            const account = people.get(commit.accountId);
            return {
              account: account ?? { accountId: commit.accountId },
              changeType: commit.changeType,
              commitId: commit.id,
              contentHash: commit.contentHash,
              createDateTimeClient: commitTime(commit.createDateTimeClient),
              createDateTimeServer: commitTime(commit.createDateTimeServer),
              newFreightDocumentStatus: commit.newStatus,
              previousCommits: commit.previousCommits,
            };
          }),
        }),
  };
}

export type FreightDocumentJson = Awaited<ReturnType<typeof serializeDocument>>;
