import { useTranslations } from 'next-intl';

/**
 * "Download PDF" and "Print" for a document (issue 11). Plain links to the portal's PDF route: the browser downloads
 * the file, or opens it in a new tab where its PDF viewer prints it (a hidden frame cannot: pages refuse framing).
 */
export function PdfActions({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('pdf.actions');
  const href = `/documents/${encodeURIComponent(freightDocumentId)}/pdf`;
  return (
    <div className="actions" role="group" aria-label={t('label')}>
      <a className="button button-secondary" href={href} download data-testid="download-pdf">
        {t('download')}
      </a>
      <a className="button button-secondary" href={`${href}?print=1`} target="_blank" rel="noopener" title={t('printHint')} data-testid="print-pdf">
        {t('print')}
      </a>
    </div>
  );
}
