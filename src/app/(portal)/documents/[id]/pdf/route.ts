import type { NextRequest } from 'next/server';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';
import { resolveLocale } from '@/lib/i18n/negotiate-locale';
import { getSessionAccountId } from '@/server/auth/session';
import { ServiceError, errorItem } from '@/server/errors';
import { pdfResponse } from '@/server/http/pdf-response';
import { errorResponse } from '@/server/http/respond';
import { createServiceContext } from '@/server/services/context';
import { renderFreightDocumentPdf } from '@/server/services/freight-documents/render-freight-document-pdf';

/**
 * The portal's "Download PDF" and "Print" (issue 11): the same PDF as `Accept: application/pdf` on the REST API,
 * for the signed-in account, with the labels' main language the portal's. `?print=1` opens it inline for printing.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  try {
    const accountId = await getSessionAccountId();
    if (!accountId) throw new ServiceError([errorItem('1.8')]);
    const { id } = await params;
    const language = resolveLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get('accept-language'));
    const rendered = await renderFreightDocumentPdf({
      ctx: await createServiceContext({ accountId }),
      input: { freightDocumentId: id, acceptLanguage: language },
    });
    return pdfResponse(rendered, request.nextUrl.searchParams.has('print') ? 'inline' : 'attachment');
  } catch (error) {
    return errorResponse(error);
  }
}
