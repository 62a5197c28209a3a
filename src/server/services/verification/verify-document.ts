import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LEGAL_EVENTS } from '@/lib/domain/legal-events';
import { documentAccesses, documentApprovals, documentCommits, documentRoles, freightDocuments } from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';
import type { VerificationView } from '@/lib/schemas/verification';
import { eftiSettings } from '@/server/config/env';
import { gateReadCount } from '../document/efti-envelope';
import { checkDocumentChain } from '../document/check-document-chain';

/** Tokens are 64 lowercase hex characters (the column's default); anything else is not looked up at all. */
const TOKEN = /^[0-9a-f]{64}$/;

const PARTY_ROLES = ['CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER'] as const;
const PLACE_ROLES = ['PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'] as const;

/**
 * One access row per visitor and hour (issue 20), the visitor known only by a keyed hash of its address and the hour,
 * so that one visitor cannot push the real accesses out of the ones shown; further visits of that hour are counted.
 */
async function recordVisit(ctx: ServiceContext, documentId: string, visitor: string) {
  const now = ctx.now();
  const hour = now.toISOString().slice(0, 13);
  const visitorHour = crypto.createHmac('sha256', ctx.appSecret).update(`verification-visitor|${visitor}|${hour}`).digest('base64url');
  await ctx.db
    .insert(documentAccesses)
    .values({ documentId, type: 'VERIFICATION_PAGE', accessedAt: now, visitorHour })
    .onConflictDoUpdate({ target: [documentAccesses.documentId, documentAccesses.visitorHour], set: { visits: sql`${documentAccesses.visits} + 1` } });
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The public verification page (contract §9), reached from the PDF's QR code without an account: the service
 * number, status, the parties' names, the places, the time and type of each approval, and whether the whole commit
 * chain recomputes, and the legal events of contract §14 with their times. Nothing else of the content. Visits are
 * recorded as accesses in the document's history, one per visitor and hour, beside the commit chain (decision 0014).
 * An unknown token, and a draft's, is 4.47, like a document one may not see; a cancelled document shows its service
 * number and status only.
 */
export async function verifyDocument({ ctx, input }: { ctx: ServiceContext; input: { token: string; visitor?: string } }): Promise<VerificationView> {
  if (!TOKEN.test(input.token)) fail('4.47');
  const [document] = await ctx.db
    .select({
      id: freightDocuments.id,
      serviceNumber: freightDocuments.serviceNumber,
      status: freightDocuments.status,
      replacedByPaper: freightDocuments.replacedByPaper,
    })
    .from(freightDocuments)
    .where(eq(freightDocuments.verificationToken, input.token));
  // A draft is not a consignment note yet: its page does not exist (issue 20: drafts showed their parties).
  if (!document || document.status === 'DRAFT') fail('4.47');
  await recordVisit(ctx, document.id, input.visitor ?? 'unknown');

  const [roles, approvals, events, chain, accessCount] = await Promise.all([
    ctx.db.select().from(documentRoles).where(eq(documentRoles.documentId, document.id)).orderBy(asc(documentRoles.position)),
    ctx.db
      .select({
        action: documentApprovals.action,
        type: documentApprovals.type,
        side: documentApprovals.side,
        declined: documentApprovals.declined,
        at: documentCommits.createDateTimeServer,
      })
      .from(documentApprovals)
      .innerJoin(documentCommits, eq(documentCommits.id, documentApprovals.commitId))
      .where(eq(documentApprovals.documentId, document.id))
      .orderBy(asc(documentCommits.sequence)),
    ctx.db
      .select({ event: documentCommits.changeType, at: documentCommits.createDateTimeServer })
      .from(documentCommits)
      .where(and(eq(documentCommits.documentId, document.id), inArray(documentCommits.changeType, [...LEGAL_EVENTS, 'RESERVATION_WITHDRAWAL'])))
      .orderBy(asc(documentCommits.sequence)),
    checkDocumentChain(ctx.db, document.id, ctx.blobs),
    eftiSettings(ctx.config) ? gateReadCount(ctx.db, document.id) : undefined,
  ]);
  // A cancelled document shows only that it was cancelled, under its service number: no names, places or approvals.
  const shown = document.status === 'CANCELLED' ? [] : roles;
  const ofRoles = <R extends string>(wanted: readonly R[]) =>
    wanted.flatMap((role) => shown.filter((row) => row.role === role).map((row) => ({ role, party: row.party })));
  return {
    serviceNumber: document.serviceNumber,
    status: document.status,
    parties: ofRoles(PARTY_ROLES).map(({ role, party }) => ({ role, name: text(party.name) ?? '' })),
    places: ofRoles(PLACE_ROLES).map(({ role, party }) => ({
      role,
      name: text(party.name) ?? '',
      cityName: text(party.cityName),
      countryCode: text(party.countryCode),
    })),
    approvals: document.status === 'CANCELLED' ? [] : approvals.map((approval) => ({ ...approval, at: approval.at.toISOString() })),
    events:
      document.status === 'CANCELLED'
        ? []
        : events.map((row) => ({ event: row.event as VerificationView['events'][number]['event'], at: row.at.toISOString() })),
    replacedByPaperAt: document.replacedByPaper?.at ?? null,
    ...(accessCount !== undefined ? { accessCount } : {}),
    chain: chain.intact
      ? { intact: true, commits: chain.commits }
      : { intact: false, commitId: chain.commitId, sequence: chain.sequence, reason: chain.reason },
  };
}
