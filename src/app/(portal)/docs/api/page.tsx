import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import packageJson from '../../../../../package.json';
import { ErrorCodeTable } from '@/components/api-docs/error-code-table';
import { InlineMarkdown } from '@/components/api-docs/inline-markdown';
import { OperationEntry, type DocumentedOperation } from '@/components/api-docs/operation-entry';
import { SharedSchemas } from '@/components/api-docs/shared-schemas';
import '@/components/api-docs/api-docs.css';
import { errorTable } from '@/lib/openapi/error-table';
import type { JsonSchema } from '@/lib/openapi/field-rows';
import { listGuides } from '@/server/services/docs/get-guide';
import { getOpenApiDocument } from '@/server/services/docs/get-openapi-document';

const ERROR_SHAPE = '{"errors":[{"code","description","field"?}]}';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('apidocs');
  return { title: t('title') };
}

type Operations = Record<string, Record<string, Omit<DocumentedOperation, 'method' | 'path'> & { tags: string[] }>>;

interface OpenApiDocument {
  tags: { name: string; description?: string }[];
  components: { schemas: Record<string, JsonSchema> };
  paths: Operations;
  webhooks: Operations;
}

const listed = (operations: Operations) =>
  Object.entries(operations).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ ...operation, method, path })));

/**
 * The API reference (issue 11), rendered on the server from the same generated document as /api/openapi.json: it needs
 * no script and no internet, and is plain HTML that screen readers and axe read. Every operation with its fields, code
 * samples, an example request and answer, grouped by tag; then the webhooks the service sends, the shared schemas'
 * field tables and the error-code table with each code's cause and remedy (issue 35). Operation texts are English.
 */
export default async function ApiDocsPage() {
  const t = await getTranslations('apidocs');
  const document = JSON.parse(getOpenApiDocument({ input: { version: packageJson.version } })) as OpenApiDocument;
  const operations = listed(document.paths);
  return (
    <div className="api-docs">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <nav aria-label={t('contents')}>
        <ul className="api-docs-contents">
          <li>
            <a href="#guides">{t('guidesHeading')}</a>
          </li>
          <li>
            <a href="/api/openapi.json">{t('openapiLink')}</a>
          </li>
          {document.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#tag-${tag.name.replace(/\W+/g, '-')}`} lang="en">
                {tag.name}
              </a>
            </li>
          ))}
          <li>
            <a href="#webhooks">{t('webhooksLink')}</a>
          </li>
          <li>
            <a href="#schemas">{t('schemasLink')}</a>
          </li>
          <li>
            <a href="#error-codes">{t('errorsLink')}</a>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="guides" className="api-docs-guides">
        <h2 id="guides">{t('guidesHeading')}</h2>
        <p>{t('guidesIntro')}</p>
        <ul>
          {listGuides().map((guide) => (
            <li key={guide.slug}>
              <a href={`/docs/guides/${guide.slug}`} lang="en">
                {guide.title}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <h2>{t('referenceHeading')}</h2>
      {document.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name.replace(/\W+/g, '-')}`}>
          <h3 id={`tag-${tag.name.replace(/\W+/g, '-')}`} lang="en">
            {tag.name}
          </h3>
          {tag.description ? (
            <p lang="en">
              <InlineMarkdown text={tag.description} />
            </p>
          ) : null}
          {operations
            .filter((operation) => operation.tags?.[0] === tag.name)
            .map((operation) => (
              <OperationEntry key={`${operation.method} ${operation.path}`} operation={operation} schemas={document.components.schemas} />
            ))}
        </section>
      ))}
      <section aria-labelledby="webhooks">
        {/* A section of the operations (h3 like a tag), so the operation entries' h4 follow in order. */}
        <h3 id="webhooks">{t('webhooksHeading')}</h3>
        <p>{t('webhooksIntro')}</p>
        {listed(document.webhooks).map((webhook) => (
          <OperationEntry key={webhook.path} operation={webhook} schemas={document.components.schemas} webhook />
        ))}
      </section>
      <SharedSchemas schemas={document.components.schemas} />
      <h2 id="error-codes">{t('errorsHeading')}</h2>
      <p>{t.rich('errorsIntro', { shape: ERROR_SHAPE, code: (chunks) => <code>{chunks}</code> })}</p>
      <ErrorCodeTable rows={errorTable()} />
    </div>
  );
}
