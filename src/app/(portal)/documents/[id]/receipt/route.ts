import type { NextRequest } from 'next/server';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';
import { resolveLocale } from '@/lib/i18n/negotiate-locale';
import { getSessionAccountId } from '@/server/auth/session';
import { ServiceError, errorItem } from '@/server/errors';
import { receiptPdfResponse } from '@/server/http/pdf-response';
import { errorResponse } from '@/server/http/respond';
import { createServiceContext } from '@/server/services/context';
import { renderReceiptPdf } from '@/server/services/legal-events/render-receipt-pdf';

/** The portal's "Download the receipt": the sender's receipt as PDF (contract §14) in the portal's language. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  try {
    const accountId = await getSessionAccountId();
    if (!accountId) throw new ServiceError([errorItem('1.8')]);
    const { id } = await params;
    const locale = resolveLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get('accept-language'));
    const rendered = await renderReceiptPdf({ ctx: await createServiceContext({ accountId }), input: { freightDocumentId: id, locale } });
    return receiptPdfResponse(rendered, 'attachment');
  } catch (error) {
    return errorResponse(error);
  }
}
