import { eq } from 'drizzle-orm';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import { accounts, attachments, documentRoles, freightDocuments } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { ServiceError } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { attachmentRow, prepareCheckedAttachments } from '../document/attachment-content';
import { writeCommit } from '../document/commit-writer';
import { chargeIssue, nextServiceNumber } from '../document/credits';
import { buildContent, documentColumns } from './document-content';
import { roleHolderMails } from './notify-role-holders';
import { mailSenderFrom } from '../mail/document-mail-policy';
import { transferSecretsWrite } from '../document/transfer-secrets';
import { partySlots, resolveParties, roleRowOf } from './parties';
import { partiesRemembered } from '../address-book/remember-parties';
import { queueIdentifierUpload } from '../document/queue-identifier-upload';

/**
 * POST /freightdocuments (spec §3): a DRAFT, or straight to ISSUED when the body says so (one credit in
 * production). Roles are named, every holder is notified, and the creation is the first commit.
 */
export async function createFreightDocument({ ctx, input }: { ctx: ServiceContext; input: unknown }) {
  const accountId = requireAccountId(ctx);
  const validation = validateFreightDocument(input);
  if (!validation.ok) throw new ServiceError(validation.errors);
  const body = validation.data;
  const prepared = await prepareCheckedAttachments(ctx, body.attachments ?? []);
  const status = body.status ?? 'DRAFT';

  return inTransaction(ctx, async (tx) => {
    const { resolved, errors } = await resolveParties(tx, partySlots(body));
    if (errors.length > 0) throw new ServiceError(errors);
    if (status === 'ISSUED') await chargeIssue(ctx, tx, accountId);

    const [submitter] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    const now = ctx.now();
    const id = newId();
    // Inserted without heads; the commit writer makes the creation its first commit and moves the status in.
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
    const [inserted] = await tx.insert(freightDocuments).values(document).returning();

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
    const insertedRoles = await tx.insert(documentRoles).values(roles).returning();
    if (prepared.length > 0) await tx.insert(attachments).values(prepared.map((file) => attachmentRow(id, file, now, newId())));

    // What needs nothing back rides in the commit's statement (issue 24): the transfer secrets of a document created
    // issued, the address book, and one mail per named holder with its delivery job.
    const writes = [
      ...(status === 'ISSUED' ? [transferSecretsWrite(ctx, tx, id, insertedRoles)] : []),
      ...partiesRemembered(accountId, body, now),
      ...(await roleHolderMails(ctx, tx, {
        documentId: id,
        serviceNumber: document.serviceNumber,
        causedBy: accountId,
        sender: mailSenderFrom(submitter!, roles),
        holders: roles,
        knownAccounts: new Map(resolved.flatMap((party) => (party.accountId && party.account ? [[party.accountId, party.account] as const] : []))),
        submitterLocale: submitter!.locale,
        newDocument: true,
      })),
    ];
    const created = await writeCommit(tx, {
      document: inserted!,
      statusBefore: null,
      roles: insertedRoles,
      changeType: 'CREATE',
      actor: { kind: 'ACCOUNT', accountId },
      serverTime: now,
      changesStructuredGoods: Array.isArray(document.content.structuredGoods),
      // Without attachments there is nothing to read back; with them, the writer reads them in the stored order.
      ...(prepared.length === 0 ? { files: [] } : {}),
      writes,
    });
    // Contract §15: a document created issued is uploaded to the eFTI gate at once.
    await queueIdentifierUpload(tx, ctx.config, null, created.document, now);
    return { freightDocumentId: id, status };
  });
}
