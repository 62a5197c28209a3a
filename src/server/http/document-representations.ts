import { LOCALE_COOKIE } from '@/lib/i18n/locales';
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

/** The portal's language (its cookie, else the browser's), which the portal's downloads print their labels in. */
const portalLocale = (request: Args['request']) => resolveLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get('accept-language'));

/**
 * The portal's "Download PDF" and "Print" (issue 11): the same PDF for the signed-in account, in the portal's language,
 * as a download; `?print=1` opens it inline for printing.
 */
export async function portalFreightDocumentPdf({ ctx, params, request }: Args): Promise<Response> {
  const rendered = await renderFreightDocumentPdf({ ctx, input: { freightDocumentId: params.id!, acceptLanguage: portalLocale(request) } });
  return pdfResponse(rendered, request.nextUrl.searchParams.has('print') ? 'inline' : 'attachment');
}

/** The portal's "Download the receipt": the sender's receipt (contract §14) in the portal's language, as a download. */
export async function portalReceiptPdf({ ctx, params, request }: Args): Promise<Response> {
  return receiptPdfResponse(await renderReceiptPdf({ ctx, input: { freightDocumentId: params.id!, locale: portalLocale(request) } }), 'attachment');
}
