import { useTranslations } from 'next-intl';
import type { ErrorTableRow } from '@/lib/openapi/error-table';
import { InlineMarkdown } from './inline-markdown';

/** The error-code table of the reference page: code, HTTP status(es), meaning (the catalogue's), cause and remedy. */
export function ErrorCodeTable({ rows }: { rows: ErrorTableRow[] }) {
  const t = useTranslations('apidocs');
  return (
    <div className="table-wrap" role="region" aria-labelledby="error-codes-caption" tabIndex={0}>
      <table className="table">
        <caption id="error-codes-caption">{t('errorsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('code')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('meaning')}</th>
            <th scope="col">{t('cause')}</th>
            <th scope="col">{t('remedy')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} id={`error-${row.code}`}>
              <th scope="row">
                <code>{row.code}</code>
              </th>
              <td>{row.statuses.join(', ')}</td>
              <td lang="en">{row.meaning}</td>
              <td lang="en">
                <InlineMarkdown text={row.cause} />
              </td>
              <td lang="en">
                <InlineMarkdown text={row.remedy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
