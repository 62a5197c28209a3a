import type { Locale } from '@/lib/i18n/locales';
import { fail } from '@/server/errors';
import { PdfRenderOverBudget, renderReceiptInPool } from '@/server/pdf/pool';
import type { ReceiptLabels } from '@/server/pdf/receipt-document';
import { MESSAGES } from '@/messages';
import { requireAccountId, type ServiceContext } from '../context';
import { getReceipt } from './get-receipt';

/** The receipt's words in the reader's language, from the same catalogue as the portal's (messages `legal`). */
function receiptLabels(locale: Locale): ReceiptLabels {
  const legal = MESSAGES[locale].legal;
  return { ...legal.receiptPdf, kinds: legal.reservationKind };
}

/**
 * GET /freightdocuments/{id}/receipt as PDF (contract §14, Additional Protocol art. 6): the same receipt as the JSON,
 * rendered on the PDF worker pool in the caller's turn and budget (over it: 5.0), with the partner watermark.
 */
export async function renderReceiptPdf({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; locale: Locale } }) {
  const receipt = await getReceipt({ ctx, input });
  const task = { kind: 'receipt' as const, receipt, labels: receiptLabels(input.locale), watermark: ctx.config.APP_ENV === 'partner' };
  const pdf = await renderReceiptInPool(task, { accountId: requireAccountId(ctx), documentId: input.freightDocumentId }).catch((error: unknown) => {
    if (error instanceof PdfRenderOverBudget) fail('5.0');
    throw error;
  });
  return { pdf, serviceNumber: receipt.serviceNumber, language: input.locale };
}
