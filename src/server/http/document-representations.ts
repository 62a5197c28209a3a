import { resolveLocale } from '@/lib/i18n/negotiate-locale';
import { getSignedFreightDocument } from '@/server/services/freight-documents/get-signed-freight-document';
import { renderFreightDocumentPdf } from '@/server/services/freight-documents/render-freight-document-pdf';
import { getSignedReceipt } from '@/server/services/legal-events/get-receipt';
import { renderReceiptPdf } from '@/server/services/legal-events/render-receipt-pdf';
import { PGP_SIGNATURE_MEDIA } from './negotiate';
import { pdfResponse, receiptPdfResponse } from './pdf-response';
import type { EndpointArgs } from './route';

/**
 * The PDF and PGP forms of a freight document and of its receipt (contract §9, §14), answered alike whether a client
 * asks by `Accept` on the JSON path or by the form's own path (`…/pdf`, `…/pgp`, issue 35: one media type per
 * operation, so generated clients get one type per call).
 */
type Args = Pick<EndpointArgs<undefined>, 'ctx' | 'params' | 'request'>;

const signed = (text: string) => new Response(text, { headers: { 'Content-Type': PGP_SIGNATURE_MEDIA } });

export async function freightDocumentPdf({ ctx, params, request }: Args): Promise<Response> {
  const input = { freightDocumentId: params.id!, acceptLanguage: request.headers.get('accept-language') };
  return pdfResponse(await renderFreightDocumentPdf({ ctx, input }));
}

export async function signedFreightDocument({ ctx, params }: Args): Promise<Response> {
  return signed(await getSignedFreightDocument({ ctx, input: { freightDocumentId: params.id! } }));
}

export async function receiptPdf({ ctx, params, request }: Args): Promise<Response> {
  const locale = resolveLocale(undefined, request.headers.get('accept-language'));
  return receiptPdfResponse(await renderReceiptPdf({ ctx, input: { freightDocumentId: params.id!, locale } }));
}

export async function signedReceipt({ ctx, params }: Args): Promise<Response> {
  return signed(await getSignedReceipt({ ctx, input: { freightDocumentId: params.id! } }));
}
