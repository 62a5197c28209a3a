import { eq } from 'drizzle-orm';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import { accounts, attachments, documentRoles, freightDocuments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { ServiceError } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { prepareAttachments } from './attachment-content';
import { appendCommit, contentHashOf } from './commits';
import { chargeIssue, nextServiceNumber } from './credits';
import { buildContent, documentColumns } from './document-content';
import { notifyRoleHolders } from './notify-role-holders';
import { partySlots, resolveParties, roleRowOf } from './parties';

/**
 * POST /freightdocuments (spec §3): a DRAFT, or straight to ISSUED when the body says so (one credit in
 * production). Roles are named, every holder is notified, and the creation is the first commit.
 */
export async function createFreightDocument({ ctx, input }: { ctx: ServiceContext; input: unknown }) {
  const accountId = requireAccountId(ctx);
  const validation = validateFreightDocument(input);
  if (!validation.ok) throw new ServiceError(validation.errors);
  const body = validation.data;
  const prepared = await prepareAttachments(body.attachments ?? []);
  const status = body.status ?? 'DRAFT';

  return inTransaction(ctx, async (tx) => {
    const { resolved, errors } = await resolveParties(tx, partySlots(body));
    if (errors.length > 0) throw new ServiceError(errors);
    if (status === 'ISSUED') await chargeIssue(ctx, tx, accountId);

    const [submitter] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    const now = ctx.now();
    const id = newId();
    const document = {
      id,
      serviceNumber: await nextServiceNumber(ctx, tx),
      type: body.type,
      status,
      submitterAccountId: accountId,
      content: await buildContent(tx, body),
      ...documentColumns(body),
      headCommits: [] as string[],
      lastModifiedDateTime: now,
    };
    await tx.insert(freightDocuments).values(document);

    const roles = [
      {
        id: newId(),
        documentId: id,
        role: 'SUBMITTER' as const,
        accountId,
        email: null,
        party: { name: submitter!.name, contactEmailAddress: submitter!.email },
        position: 0,
        createdAt: now,
      },
      ...resolved.map((party) => roleRowOf(id, party, now)),
    ];
    await tx.insert(documentRoles).values(roles);
    if (prepared.length > 0) {
      await tx.insert(attachments).values(prepared.map((file) => ({ id: newId(), documentId: id, ...file, size: file.content.length, createdAt: now })));
    }

    const { commitId, heads } = await appendCommit(tx, {
      document: { id, headCommits: [] },
      changeType: 'CREATE',
      accountId,
      newStatus: status,
      serverTime: now,
      contentHash: contentHashOf(document, roles),
    });
    const hasStructuredGoods = Array.isArray(document.content.structuredGoods);
    await tx
      .update(freightDocuments)
      .set({ headCommits: heads, structuredGoodsCommitId: hasStructuredGoods ? commitId : null })
      .where(eq(freightDocuments.id, id));
    await notifyRoleHolders(ctx, tx, { documentId: id, serviceNumber: document.serviceNumber, submitterName: submitter!.name, holders: roles });
    return { freightDocumentId: id, status };
  });
}
