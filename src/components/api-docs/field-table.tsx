import { useTranslations } from 'next-intl';
import type { FieldRow } from '@/lib/openapi/field-rows';
import { InlineMarkdown } from './inline-markdown';

/** An example value as the reader writes it: text as it is, anything else as JSON. */
const shown = (example: unknown) => (typeof example === 'string' ? example : JSON.stringify(example));

/** A dotted path that may wrap after each `.` (never inside a name), so long nested paths fit a narrow column. */
function BreakablePath({ path }: { path: string }) {
  // Text and <wbr> only, no wrapper per part: the reference is a large page and axe reads every element.
  return <code>{path.split(/(?<=\.)/).flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]))}</code>;
}

/**
 * The fields of a request body or an answer (src/lib/openapi/field-rows.ts): path, type, whether required, and what
 * the field means with its allowed values, limits and an example. A field holding a shared schema links to its table.
 */
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
            <th scope="col">{t('meaning')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path}>
              <th scope="row">
                <BreakablePath path={row.path} />
              </th>
              <td>
                {row.schemaName ? (
                  <a href={`#schema-${row.schemaName}`}>
                    <code>{`${row.schemaName}${row.type.startsWith('array') ? '[]' : ''}${row.type.includes('null') ? ' | null' : ''}`}</code>
                  </a>
                ) : (
                  <code>{row.type}</code>
                )}
              </td>
              <td>{row.required ? t('yes') : ''}</td>
              <td lang="en">
                {row.description ? (
                  <span className="api-docs-field-meaning">
                    <InlineMarkdown text={row.description} />
                  </span>
                ) : null}
                {row.limits.length || row.example !== undefined ? (
                  <span className="api-docs-limit">
                    {row.limits.join('; ')}
                    {row.limits.length && row.example !== undefined ? '. ' : ''}
                    {row.example !== undefined ? (
                      <>
                        {t('example')}: <code>{shown(row.example)}</code>
                      </>
                    ) : null}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
