import canonicalize from 'canonicalize';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { labelLanguages, preferredPdfLanguage } from '@/lib/pdf/label-languages';
import { attachments, documentPdfs } from '@/server/db/schema';
import type { CmrPdfInput, PdfImage } from '@/server/pdf/model';
import { fail } from '@/server/errors';
import { PdfRenderOverBudget, renderPdfInPool } from '@/server/pdf/pool';
import { requireAccountId, type ServiceContext } from '../context';
import { callerHasPermission, loadAccessibleDocument } from '../document/load-document';
import { loadDocumentContent, verificationUrlOf } from '../document/serialize-document';
import { uilOfDocument } from '../document/efti-envelope';
import { sha256Hex } from '../document/snapshot';
import { storedContent } from './stored-content';

/** Raised whenever the layout changes: PDFs cached under the old layout are then never served again (2: local times, decision 0027). */
export const PDF_TEMPLATE_VERSION = 3;

const IMAGE_FORMATS: Record<string, PdfImage['format']> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg' };

/** Renders of one key in flight in this process: a burst of requests for one new commit renders it once. */
const inFlight = new Map<string, Promise<Uint8Array>>();

async function loadSignatures(ctx: ServiceContext, ids: string[]): Promise<Record<string, PdfImage>> {
  if (ids.length === 0) return {};
  const rows = await ctx.db
    .select({ id: attachments.id, mimeType: attachments.mimeType, sha256: attachments.sha256, size: attachments.size, content: attachments.content })
    .from(attachments)
    .where(inArray(attachments.id, ids));
  const images: Record<string, PdfImage> = {};
  for (const row of rows) {
    const format = IMAGE_FORMATS[row.mimeType.toLowerCase()];
    // Read whole, so checked against its digest (a signature that no longer matches is 5.0, never printed).
    if (format) images[row.id] = { data: new Uint8Array(await storedContent(ctx, row).bytes()), format };
  }
  return images;
}

async function renderAndKeep(ctx: ServiceContext, key: string, documentId: string, input: Omit<CmrPdfInput, 'signatures'>, signatureIds: string[] | null) {
  const task = { ...input, signatures: await loadSignatures(ctx, signatureIds ?? []) };
  // Contract §1: one render per account at a time, within 20 s; over it, the thread is ended and the answer is 5.0.
  const pdf = await renderPdfInPool(task, { accountId: requireAccountId(ctx), documentId }).catch((error: unknown) => {
    if (error instanceof PdfRenderOverBudget) fail('5.0');
    throw error;
  });
  const variant = `${input.languages[0]!}${signatureIds ? '' : '-sealed'}`;
  await ctx.db
    .insert(documentPdfs)
    .values({ key, documentId, variant, pdf: Buffer.from(pdf) })
    .onConflictDoNothing();
  // The renders of earlier commits in this variant are never asked for again: one PDF per document and variant.
  await ctx.db.delete(documentPdfs).where(and(eq(documentPdfs.documentId, documentId), eq(documentPdfs.variant, variant), ne(documentPdfs.key, key)));
  return pdf;
}

/**
 * GET /freightdocuments/{id} as PDF (contract §9): the consignment note as of its head commit(s), with box labels
 * in the languages of the country pair (Accept-Language picks the main one), the verification QR code and, in the
 * partner environment, the watermark. Cached under the hash of everything it is made of, so a new commit (or a new
 * layout) gives a new key and a cached PDF is never stale; rendered on the worker pool, never on the request thread.
 * Signatures on glass are sealed attachments: they are printed only for callers who may view sealed attachments.
 */
export async function renderFreightDocumentPdf({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; acceptLanguage?: string | null };
}): Promise<{ pdf: Uint8Array; key: string; language: string; serviceNumber: string; cached: boolean }> {
  const loaded = await loadAccessibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  const document = await loadDocumentContent(ctx, loaded);
  const countryOf = (...parties: ({ countryCode?: string } | null | undefined)[]) => parties.find((party) => party?.countryCode)?.countryCode;
  const languages = labelLanguages({
    preferred: preferredPdfLanguage(input.acceptLanguage),
    countryCodes: [countryOf(document.placeOfTakingOver, document.consignor), countryOf(document.placeOfDelivery, document.consignee)],
  });
  const showsSignatures = callerHasPermission(loaded, 'VIEW_SEALED_ATTACHMENT');
  const signatureIds = showsSignatures ? (document.approvals ?? []).flatMap((approval) => (approval.attachmentId ? [approval.attachmentId] : [])) : null;
  const digests = signatureIds?.length
    ? await ctx.db.select({ id: attachments.id, sha256: attachments.sha256 }).from(attachments).where(inArray(attachments.id, signatureIds))
    : [];
  const uil = uilOfDocument(ctx.config, loaded.document.datasetId);
  const base = {
    document,
    languages,
    verificationUrl: verificationUrlOf(ctx, loaded.document),
    ...(uil ? { uil } : {}),
    watermark: ctx.config.APP_ENV === 'partner',
  };
  const signatures = showsSignatures ? digests.map((row) => row.sha256).sort() : 'sealed';
  const key = sha256Hex(canonicalize({ template: PDF_TEMPLATE_VERSION, ...base, signatures })!);
  const answer = (pdf: Uint8Array, cached: boolean) => ({ pdf, key, language: languages[0]!, serviceNumber: document.serviceNumber, cached });

  const [stored] = await ctx.db.select({ pdf: documentPdfs.pdf }).from(documentPdfs).where(eq(documentPdfs.key, key));
  if (stored) return answer(new Uint8Array(stored.pdf), true);
  let rendering = inFlight.get(key);
  if (!rendering) {
    rendering = renderAndKeep(ctx, key, loaded.document.id, base, signatureIds).finally(() => inFlight.delete(key));
    inFlight.set(key, rendering);
  }
  return answer(await rendering, false);
}
