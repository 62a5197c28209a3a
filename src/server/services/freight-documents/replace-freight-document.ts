import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { renderGoodsTable } from '@/lib/domain/goods-table';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import { accounts, attachments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { errorItem, ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { attachmentRow, prepareAttachments } from './attachment-content';
import { buildContent, documentColumns } from './document-content';
import { authorize } from '../access/load-document';
import { mutateDocument } from './mutate-document';
import { notifyRoleHolders } from './notify-role-holders';
import { reconcileRoles } from './reconcile-roles';
import { rememberParties } from '../address-book/remember-parties';

/** Attachments already on the document come back with their attachmentId and no content: they are kept. */
function splitAttachments(raw: unknown): { body: unknown; keptIds: string[] } {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { attachments?: unknown }).attachments)) return { body: raw, keptIds: [] };
  const list = (raw as { attachments: unknown[] }).attachments;
  const isKept = (item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as { attachmentId?: unknown }).attachmentId === 'string' &&
    !(item as { content?: unknown }).content;
  return {
    body: { ...(raw as object), attachments: list.filter((item) => !isKept(item)) },
    keptIds: list.filter(isKept).map((item) => (item as { attachmentId: string }).attachmentId),
  };
}

/**
 * A document read back carries `goods` as the rendered table of its structured goods (a read-only field):
 * sent back unchanged it is ignored rather than refused as 3.40.
 */
function dropRenderedGoods(raw: unknown, existingLines: unknown[]): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const body = raw as { goods?: unknown; structuredGoods?: unknown };
  if (typeof body.goods !== 'string' || !Array.isArray(body.structuredGoods) || body.structuredGoods.length === 0) return raw;
  const rendered = [renderGoodsTable(body.structuredGoods as Record<string, unknown>[]), renderGoodsTable(existingLines as Record<string, unknown>[])];
  if (!rendered.includes(body.goods)) return raw;
  const { goods: _goods, ...rest } = body;
  return rest;
}

/**
 * PUT /freightdocuments/{id} (spec §4 rule 1): the submitter replaces the whole content of a DRAFT. Every
 * sub-entity missing from the body becomes empty; roles follow the rules of reconcileRoles. Answers only the
 * id: the client reads the document again (contract §4, 205 Reset Content).
 */
export async function replaceFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; body: unknown } }) {
  const accountId = requireAccountId(ctx);
  const { body: withoutKept, keptIds } = splitAttachments(input.body);
  // Checked by mutateDocument after apply, which validates the body (and so these ids) first.
  const sentCommits = (withoutKept as { previousCommits?: unknown } | null)?.previousCommits;
  const previousCommits = Array.isArray(sentCommits) && sentCommits.every((id) => typeof id === 'string') ? sentCommits : undefined;

  await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'UPDATE',
    previousCommits,
    apply: async (loaded, tx) => {
      // The right and the status first (contract §4: 1.4 for other role holders, 4.5 after DRAFT): a body is
      // judged only where it could be applied, as every other verb does.
      const actingAs = authorize(loaded, 'UPDATE');
      // Validated against the locked row, whose structured goods tell the rendered goods table apart.
      const raw = dropRenderedGoods(withoutKept, (loaded.document.content.structuredGoods as unknown[] | undefined) ?? []);
      const validation = validateFreightDocument(raw, { agreedDateTimeOfTakingOver: loaded.document.agreedDateTimeOfTakingOver });
      if (!validation.ok) throw new ServiceError(validation.errors);
      const body = validation.data;
      const documentId = loaded.document.id;
      const now = ctx.now();
      const added = await reconcileRoles(tx, documentId, loaded.roles, body, now);

      const current = and(eq(attachments.documentId, documentId), isNull(attachments.removedAt));
      const kept = keptIds.length
        ? await tx
            .select({ id: attachments.id, size: attachments.size, mimeType: attachments.mimeType })
            .from(attachments)
            .where(and(current, inArray(attachments.id, keptIds)))
        : [];
      if (kept.length !== new Set(keptIds).size) throw new ServiceError([errorItem('4.4', 'attachments')]);
      const prepared = await prepareAttachments(body.attachments ?? [], kept);
      // Dropped attachments leave the draft but keep their bytes: earlier commits name them by digest.
      await tx
        .update(attachments)
        .set({ removedAt: now })
        .where(
          kept.length
            ? and(
                current,
                notInArray(
                  attachments.id,
                  kept.map((item) => item.id),
                ),
              )
            : current,
        );
      if (prepared.length > 0) await tx.insert(attachments).values(prepared.map((file) => attachmentRow(documentId, file, now, newId())));

      const previousGoods = (loaded.document.content.structuredGoods as { productId: number }[] | undefined) ?? [];
      const content = await buildContent(
        tx,
        body,
        previousGoods.map((item) => item.productId),
      );
      if (added.length > 0) {
        const [submitter] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, loaded.document.submitterAccountId));
        await notifyRoleHolders(ctx, tx, { documentId, serviceNumber: loaded.document.serviceNumber, submitterName: submitter?.name ?? '', holders: added });
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
