import { inArray } from 'drizzle-orm';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';
import { callerEnvelopeOf } from '../access/caller-envelope';
import { loadDocumentState, type DocumentFacts } from '../access/document-state';
import { callerHasPermission, type LoadedDocument } from '../access/load-document';
import { openTransferSecrets } from '../transfers/transfer-secrets';
import { quoteFor } from './credits';
import { documentContentJson, type AccountSummary } from './document-json';

/** The accounts that documents and their updates name, by id, in one query. */
export async function loadPeople(db: DbOrTx, accountIds: (string | null)[]): Promise<Map<string, AccountSummary>> {
  const unique = [...new Set(accountIds.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const people = await db
    .select({ accountId: accounts.id, accountNumber: accounts.accountNumber, email: accounts.email, name: accounts.name, phoneNumber: accounts.phoneNumber })
    .from(accounts)
    .where(inArray(accounts.id, unique));
  return new Map(people.map((person) => [person.accountId, person]));
}

/** Whether the caller could pay for issuing this draft now; asked only where issuing is possible at all. */
function canPayForIssue(ctx: ServiceContext, loaded: LoadedDocument, facts: DocumentFacts): boolean | undefined {
  if (loaded.document.status !== 'DRAFT' || !callerHasPermission(loaded, 'UPDATE')) return undefined;
  return quoteFor(ctx, facts.caller).canPay;
}

/**
 * The one serializer of a freight document (spec §2.3): the content every reader shares, merged with the
 * caller's envelope. REST, tRPC, the PDF and the PGP output all use it. What it shows besides the loaded document
 * comes with the load (one statement, access/document-state.ts); after a change it is read again, in one statement.
 */
export async function serializeDocument(ctx: ServiceContext, loaded: LoadedDocument): Promise<FreightDocumentResponse> {
  const { document } = loaded;
  const { accountId } = loaded.access;
  const facts = loaded.facts ?? (await loadDocumentState(ctx.db, accountId, document.id))?.facts;
  if (!facts) fail('4.47');
  const { commits, files, records, people, ownAccountDelegations, subscriptionCount } = facts;
  const content = documentContentJson({
    document,
    roles: loaded.roles,
    people,
    history: { commits, files: files.map(({ sha256: _sha256, ...file }) => file), records },
  });
  return {
    ...content,
    ...callerEnvelopeOf(
      loaded,
      { canPayForIssue: canPayForIssue(ctx, loaded, facts), now: ctx.now() },
      { ownAccountDelegations, subscriptionCount, secrets: openTransferSecrets(ctx, facts.secretRows) },
    ),
  };
}
