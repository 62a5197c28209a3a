import { create as contentDisposition } from 'content-disposition';
import type { renderFreightDocumentPdf } from '@/server/services/freight-documents/render-freight-document-pdf';

export const PDF_MEDIA = 'application/pdf';

type Rendered = Awaited<ReturnType<typeof renderFreightDocumentPdf>>;

/**
 * A rendered consignment note as an HTTP answer: `inline` for viewing and printing, `attachment` for a download.
 * The ETag is the render's key (the hash of everything the PDF is made of); X-Cache tells whether it was rendered now.
 */
export function pdfResponse(rendered: Rendered, disposition: 'inline' | 'attachment' = 'inline'): Response {
  return new Response(new Uint8Array(rendered.pdf), {
    headers: {
      'Content-Type': PDF_MEDIA,
      'Content-Length': String(rendered.pdf.byteLength),
      'Content-Disposition': contentDisposition(`CMR-${rendered.serviceNumber}.pdf`, { type: disposition }),
      'Content-Language': rendered.language,
      ETag: `"${rendered.key}"`,
      // Contract §1: a document's answers are never stored by a cache.
      'Cache-Control': 'no-store',
      'X-Cache': rendered.cached ? 'HIT' : 'MISS',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept, Accept-Language',
    },
  });
}

/** The sender's receipt (contract §14) as an HTTP answer; rendered per request, so no ETag. */
export function receiptPdfResponse(
  rendered: { pdf: Uint8Array; serviceNumber: string; language: string },
  disposition: 'inline' | 'attachment' = 'inline',
): Response {
  return new Response(new Uint8Array(rendered.pdf), {
    headers: {
      'Content-Type': PDF_MEDIA,
      'Content-Length': String(rendered.pdf.byteLength),
      'Content-Disposition': contentDisposition(`CMR-${rendered.serviceNumber}-receipt.pdf`, { type: disposition }),
      'Content-Language': rendered.language,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept, Accept-Language',
    },
  });
}
