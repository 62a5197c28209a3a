import { useTranslations } from 'next-intl';
import type { FieldRow } from '@/lib/openapi/field-rows';

/** The fields of a request body: path, type, required, allowed values and limits (src/lib/openapi/field-rows.ts). */
export function FieldTable({ rows, label }: { rows: FieldRow[]; label: string }) {
  const t = useTranslations('apidocs');
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="table api-docs-fields">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('field')}</th>
            <th scope="col">{t('type')}</th>
            <th scope="col">{t('requiredColumn')}</th>
            <th scope="col">{t('limits')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path}>
              <th scope="row">
                <code>{row.path}</code>
              </th>
              <td>
                <code>{row.type}</code>
              </td>
              <td>{row.required ? t('yes') : ''}</td>
              <td lang="en">
                {[...row.limits, ...(row.description ? [row.description] : [])].map((limit, index) => (
                  <span key={limit} className="api-docs-limit">
                    {index > 0 ? '; ' : ''}
                    {limit}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
