import { useTranslations } from 'next-intl';
import { fieldRows, type JsonSchema } from '@/lib/openapi/field-rows';
import { CodeSamples } from './code-samples';
import { FieldTable } from './field-table';
import { InlineMarkdown } from './inline-markdown';

/** The parts of an OpenAPI 3.1 operation the reference shows (the document is generated: src/lib/openapi). */
export interface DocumentedOperation {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: { example?: unknown } }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema; example?: unknown; examples?: Record<string, { summary?: string; value: unknown }> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema; example?: unknown }> }>;
}

const show = (example: unknown) => (typeof example === 'string' ? example : JSON.stringify(example, null, 2));
/** A form body's example as it is sent (`a=1&b=2`), not as JSON. */
const asSent = (media: string, example: unknown) =>
  media === 'application/x-www-form-urlencoded' && typeof example === 'object' && example !== null
    ? new URLSearchParams(example as Record<string, string>).toString()
    : example;

/** A scrollable example that keyboard users can reach and scroll (axe: scrollable-region-focusable). */
function Example({ label, example }: { label: string; example: unknown }) {
  return (
    <pre className="api-docs-example" tabIndex={0} role="region" aria-label={label}>
      <code>{show(example)}</code>
    </pre>
  );
}

/** An answer's fields: its table, or a link to the shared schema's table (the freight document is one table, once). */
function AnswerFields({ schema, schemas, label }: { schema?: JsonSchema; schemas: Record<string, JsonSchema>; label: string }) {
  const t = useTranslations('apidocs');
  const shared = schema?.$ref?.replace('#/components/schemas/', '');
  if (shared) {
    return (
      <p>
        {t('answerFieldsIn')} <a href={`#schema-${shared}`}>{shared}</a>
      </p>
    );
  }
  const rows = schema ? fieldRows(schema, schemas, '', 0, true) : [];
  return rows.length ? <FieldTable rows={rows} label={label} /> : null;
}

/**
 * One operation: summary line, authentication, parameters, the request's fields, code samples, an example request,
 * and every answer with its fields and an example. `webhook`: an operation the service calls (its "request" is what
 * the subscriber receives), so no samples of calling it.
 */
export function OperationEntry({
  operation,
  schemas,
  webhook = false,
}: {
  operation: DocumentedOperation;
  schemas: Record<string, JsonSchema>;
  webhook?: boolean;
}) {
  const t = useTranslations('apidocs');
  const title = webhook ? `${operation.method.toUpperCase()} {callbackUrl} (${operation.path})` : `${operation.method.toUpperCase()} ${operation.path}`;
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  const auth =
    scheme === 'oauth2' || scheme === 'bearer'
      ? t('authBearer')
      : scheme === 'client'
        ? t('authClient')
        : scheme === 'eftiGate'
          ? t('authEftiGate')
          : t('authNone');
  const request = Object.entries(operation.requestBody?.content ?? {})[0];
  // A shared request schema (the document's creation body) is linked, its table shown once under the shared schemas.
  const sharedRequest = request?.[1].schema?.$ref?.replace('#/components/schemas/', '');
  const fields = request?.[1].schema && !sharedRequest ? fieldRows(request[1].schema, schemas) : [];
  return (
    <details className="api-docs-operation" id={`${webhook ? 'webhook' : operation.method}-${operation.path}`}>
      <summary>
        <span className={`api-docs-method api-docs-method-${operation.method}`}>{operation.method.toUpperCase()}</span>{' '}
        <code>{webhook ? `{callbackUrl} · ${operation.path}` : operation.path}</code> <span lang="en">{operation.summary}</span>
      </summary>
      <div className="api-docs-operation-body">
        {operation.description ? (
          <p lang="en">
            <InlineMarkdown text={operation.description} />
          </p>
        ) : null}
        <p>{auth}</p>
        {operation.parameters?.length ? (
          <>
            <h4>{t('parameters')}</h4>
            <ul>
              {operation.parameters.map((parameter) => (
                <li key={`${parameter.in}-${parameter.name}`}>
                  <code>{parameter.name}</code> ({parameter.in}
                  {parameter.required ? `, ${t('required')}` : ''})
                  {parameter.description ? (
                    <span lang="en">
                      : <InlineMarkdown text={parameter.description} />
                    </span>
                  ) : null}
                  {parameter.schema?.example !== undefined ? (
                    <>
                      {' '}
                      — {t('example')} <code>{String(parameter.schema.example)}</code>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {fields.length ? <FieldTable rows={fields} label={`${t('fields')}: ${title}`} /> : null}
        {sharedRequest ? (
          <p>
            {t('requestFieldsIn')} <a href={`#schema-${sharedRequest}`}>{sharedRequest}</a>
          </p>
        ) : null}
        {webhook ? null : <CodeSamples operation={operation} title={title} />}
        {request ? (
          <>
            <h4>
              {t('requestExample')} (<code>{request[0]}</code>)
            </h4>
            {request[1].examples ? (
              Object.entries(request[1].examples).map(([name, example]) => (
                <div key={name}>
                  <p lang="en">{example.summary ?? name}</p>
                  <Example label={`${t('requestExample')}: ${title} (${name})`} example={asSent(request[0], example.value)} />
                </div>
              ))
            ) : (
              <Example label={`${t('requestExample')}: ${title}`} example={asSent(request[0], request[1].example)} />
            )}
          </>
        ) : null}
        <h4>{t('answers')}</h4>
        <dl className="api-docs-answers">
          {Object.entries(operation.responses).map(([status, answer]) => (
            <div key={status}>
              <dt>
                <strong>{status}</strong>
              </dt>
              <dd>
                <p lang="en">
                  <InlineMarkdown text={answer.description} />
                </p>
                {/^2/.test(status) ? (
                  <AnswerFields schema={answer.content?.['application/json']?.schema} schemas={schemas} label={`${t('answerFields')} ${status}: ${title}`} />
                ) : null}
                {Object.entries(answer.content ?? {})
                  .filter(([, content]) => content.example !== undefined)
                  .map(([media, content]) => (
                    <div key={media}>
                      <p>
                        <code>{media}</code>
                      </p>
                      <Example label={`${t('example')} ${status} ${media}: ${title}`} example={content.example} />
                    </div>
                  ))}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
