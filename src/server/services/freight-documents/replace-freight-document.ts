import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { renderGoodsTable } from '@/lib/domain/goods-table';
import { referenceOutcome, splitAttachmentReferences } from '@/lib/schemas/attachment-references';
import { freightDocumentBody } from '@/lib/schemas/freight-document';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import type { Transaction } from '@/server/db/client';
import { attachments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { errorItem, ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { attachmentRow, checkAttachments, digestOfContent, prepareAttachments, stageAttachmentTexts } from '../document/attachment-content';
import { buildContent, documentColumns } from './document-content';
import { authorize } from '../document/load-document';
import { mutateDocument } from '../document/mutate-document';
import { notifyRoleHolders } from './notify-role-holders';
import { mailSenderOf } from '../mail/document-mail-policy';
import { reconcileRoles } from './reconcile-roles';
import { rememberParties } from '../address-book/remember-parties';

/**
 * Contract §4: the attachments sent back by id that are kept (content empty or the stored bytes), and the body
 * whose `attachments` are the new ones plus those whose other content replaces them. An unknown id without
 * content names nothing (`namesUnknown`: 4.4 once the body is valid).
 */
async function sortAttachmentReferences(ctx: ServiceContext, tx: Transaction, documentId: string, sent: Record<string, unknown>) {
  const { added, references } = splitAttachmentReferences(sent);
  const ids = [...new Set(references.map((reference) => reference.attachmentId))];
  const stored = ids.length
    ? await tx
        .select({ id: attachments.id, sha256: attachments.sha256, size: attachments.size, mimeType: attachments.mimeType })
        .from(attachments)
        .where(and(eq(attachments.documentId, documentId), isNull(attachments.removedAt), inArray(attachments.id, ids)))
    : [];
  const byId = new Map(stored.map((row) => [row.id, row]));
  const outcomes = references.map((reference) => ({
    reference,
    outcome: referenceOutcome(reference, byId.get(reference.attachmentId), (content) => digestOfContent(ctx, content)),
  }));
  const keptIds = new Set(outcomes.filter(({ outcome }) => outcome === 'keep').map(({ reference }) => reference.attachmentId));
  const replacing = outcomes.filter(({ outcome }) => outcome === 'replace').map(({ reference }) => reference);
  return {
    body: Array.isArray(sent.attachments) ? { ...sent, attachments: [...added, ...replacing] } : sent,
    kept: stored.filter((row) => keptIds.has(row.id)),
    namesUnknown: outcomes.some(({ outcome }) => outcome === 'unknown'),
  };
}

/**
 * A document read back carries `goods` as the rendered table of its structured goods (a read-only field):
 * sent back unchanged it is ignored rather than refused as 3.40.
 */
function dropRenderedGoods(body: Record<string, unknown>, existingLines: StructuredGoodsLines): Record<string, unknown> {
  const sentLines = structuredGoodsLines.safeParse(body.structuredGoods);
  if (typeof body.goods !== 'string' || !sentLines.success || sentLines.data.length === 0) return body;
  if (![renderGoodsTable(sentLines.data), renderGoodsTable(existingLines)].includes(body.goods)) return body;
  const { goods: _goods, ...rest } = body;
  return rest;
}

/** Goods lines as stored in a document's content, or as sent (rendered only when they are a list of objects). */
const structuredGoodsLines = z.array(z.record(z.string(), z.unknown()));
type StructuredGoodsLines = z.infer<typeof structuredGoodsLines>;
const storedLines = (content: Record<string, unknown>): StructuredGoodsLines => structuredGoodsLines.catch([]).parse(content.structuredGoods ?? []);

/**
 * PUT /freightdocuments/{id} (spec §4 rule 1): the submitter replaces the whole content of a DRAFT. Every
 * sub-entity missing from the body becomes empty; roles follow the rules of reconcileRoles. Answers only the
 * id: the client reads the document again (contract §4, 205 Reset Content).
 */
export async function replaceFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: unknown } }) {
  const accountId = requireAccountId(ctx);
  // The files' bytes go to the store before the transaction (PGlite has one connection); inside it they are tokens.
  const sent = freightDocumentBody.safeParse(await stageAttachmentTexts(ctx, input.body));
  // Checked by mutateDocument before apply; a malformed list is reported by the validation in apply.
  const previousCommits = sent.success ? sentCommits.safeParse(sent.data.previousCommits).data : undefined;

  await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'UPDATE',
    previousCommits,
    apply: async (loaded, tx) => {
      // The right and the status first (contract §4: 1.4 for other role holders, 4.5 after DRAFT): a body is
      // judged only where it could be applied, as every other verb does.
      const actingAs = authorize(loaded, 'UPDATE');
      const documentId = loaded.document.id;
      if (!sent.success) throw new ServiceError(validationErrors(validateFreightDocument(input.body)));
      const { body: withNewAttachments, kept, namesUnknown } = await sortAttachmentReferences(ctx, tx, documentId, sent.data);
      // Validated against the locked row, whose structured goods tell the rendered goods table apart.
      const previousGoods = storedLines(loaded.document.content);
      const validation = validateFreightDocument(dropRenderedGoods(withNewAttachments, previousGoods), {
        agreedDateTimeOfTakingOver: loaded.document.agreedDateTimeOfTakingOver,
      });
      if (!validation.ok) throw new ServiceError(validation.errors);
      if (namesUnknown) throw new ServiceError([errorItem('4.4', 'attachments')]);
      const body = validation.data;
      const now = ctx.now();
      const added = await reconcileRoles(tx, documentId, loaded.roles, body, now);

      const prepared = checkAttachments(await prepareAttachments(ctx, body.attachments ?? []), kept);
      // Dropped attachments leave the draft but keep their bytes: earlier commits name them by digest.
      const keptIds = kept.map((item) => item.id);
      const current = and(eq(attachments.documentId, documentId), isNull(attachments.removedAt));
      await tx
        .update(attachments)
        .set({ removedAt: now })
        .where(keptIds.length ? and(current, notInArray(attachments.id, keptIds)) : current);
      if (prepared.length > 0) await tx.insert(attachments).values(prepared.map((file) => attachmentRow(documentId, file, now, newId())));

      const content = await buildContent(
        tx,
        body,
        previousGoods.flatMap((item) => (typeof item.productId === 'number' ? [item.productId] : [])),
      );
      if (added.length > 0) {
        // Contract §1: the mails name, and count against, the account that made the change.
        const sender = await mailSenderOf(tx, accountId, [...loaded.roles, ...added]);
        await notifyRoleHolders(ctx, tx, { documentId, serviceNumber: loaded.document.serviceNumber, causedBy: accountId, sender, holders: added });
      }
      await rememberParties(tx, accountId, body, now);
      return {
        set: { type: body.type, content, ...documentColumns(body) },
        changesStructuredGoods: JSON.stringify(content.structuredGoods ?? null) !== JSON.stringify(loaded.document.content.structuredGoods ?? null),
        changesRoles: true,
        actingAs,
      };
    },
  });
  return { freightDocumentId: input.freightDocumentId };
}

const sentCommits = z.array(z.string());

/** The errors of a validation known to fail. */
function validationErrors(validation: ReturnType<typeof validateFreightDocument>) {
  return validation.ok ? [] : validation.errors;
}
