import { inArray } from 'drizzle-orm';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { publicUrl } from '@/server/config/env';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';
import { callerEnvelopeOf } from './caller-envelope';
import { loadDocumentState, type DocumentFacts } from './load-state';
import { callerHasPermission, type LoadedDocument } from './load-document';
import { openTransferSecrets } from './transfer-secrets';
import { quoteFor } from './credits';
import { pendingInstructionsOf } from '@/lib/domain/legal-events';
import { documentContentJson } from './document-json';
import { eftiEnvelopeOf } from './efti-envelope';
import type { AccountSummary } from './rows';

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

/** Whether issuing this draft could be paid now (by its submitter, spec §5); asked only where issuing is possible at all. */
function canPayForIssue(ctx: ServiceContext, loaded: LoadedDocument, facts: DocumentFacts): boolean | undefined {
  if (loaded.document.status !== 'DRAFT' || !callerHasPermission(loaded, 'UPDATE')) return undefined;
  return quoteFor(ctx, facts.payer).canPay;
}

/**
 * The content of a document with its history (spec §2.3), the same for every reader: what the serializer below
 * merges with the caller's envelope, and what the PDF prints.
 */
export async function loadDocumentContent(ctx: ServiceContext, loaded: LoadedDocument) {
  return contentOf(loaded, await factsOf(ctx, loaded));
}

/** What the load already read (one statement), or the same statement again after a change. */
async function factsOf(ctx: ServiceContext, loaded: LoadedDocument): Promise<DocumentFacts> {
  const facts = loaded.facts ?? (await loadDocumentState(ctx.db, loaded.access.accountId, loaded.document.id))?.facts;
  if (!facts) fail('4.47');
  return facts;
}

function contentOf(loaded: LoadedDocument, facts: DocumentFacts) {
  const { commits, files, records, people } = facts;
  return documentContentJson({
    document: loaded.document,
    roles: loaded.roles,
    people,
    history: { commits, files: files.map(({ sha256: _sha256, ...file }) => file), records },
  });
}

/** The public verification page's address for a document (contract §9): no document id in it. */
export function verificationUrlOf(ctx: ServiceContext, document: LoadedDocument['document']): string {
  return `${publicUrl(ctx.config)}/verify/${document.verificationToken}`;
}

/**
 * The one serializer of a freight document (spec §2.3): the content every reader shares, merged with the
 * caller's envelope. REST, tRPC, the PDF and the PGP output all use it. What it shows besides the loaded document
 * comes with the load (one statement, load-state.ts); after a change it is read again, in one statement.
 */
export async function serializeDocument(ctx: ServiceContext, loaded: LoadedDocument): Promise<FreightDocumentResponse> {
  const { document } = loaded;
  const facts = await factsOf(ctx, loaded);
  const { ownAccountDelegations, subscriptionCount } = facts;
  const content = contentOf(loaded, facts);
  const efti = await eftiEnvelopeOf(ctx.db, ctx.config, document);
  return {
    ...content,
    ...callerEnvelopeOf(
      loaded,
      { canPayForIssue: canPayForIssue(ctx, loaded, facts), now: ctx.now(), pendingInstructions: pendingInstructionsOf(facts.records.legalEvents) },
      { ownAccountDelegations, subscriptionCount, secrets: openTransferSecrets(ctx, facts.secretRows) },
    ),
    verificationUrl: verificationUrlOf(ctx, document),
    accesses: facts.accesses,
    ...(efti ? { efti } : {}),
  };
}
