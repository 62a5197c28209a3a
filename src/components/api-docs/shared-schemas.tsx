import { useTranslations } from 'next-intl';
import { fieldRows, type JsonSchema } from '@/lib/openapi/field-rows';
import { FieldTable } from './field-table';
import { InlineMarkdown } from './inline-markdown';

/**
 * The shared schemas of the document (the freight document, its creation body, the error bodies), each with its
 * field table once: operations that answer one link here instead of repeating hundreds of rows (issue 35).
 */
export function SharedSchemas({ schemas }: { schemas: Record<string, JsonSchema> }) {
  const t = useTranslations('apidocs');
  return (
    <section aria-labelledby="schemas">
      <h2 id="schemas">{t('schemasHeading')}</h2>
      <p>{t('schemasIntro')}</p>
      {Object.entries(schemas).map(([name, schema]) => (
        <details key={name} className="api-docs-operation" id={`schema-${name}`}>
          <summary>
            <code>{name}</code>
            {schema.description ? (
              <>
                {' '}
                <span lang="en">
                  <InlineMarkdown text={schema.description} />
                </span>
              </>
            ) : null}
          </summary>
          <div className="api-docs-operation-body">
            <FieldTable rows={fieldRows(schema, schemas)} label={`${t('schemasHeading')}: ${name}`} />
          </div>
        </details>
      ))}
    </section>
  );
}
