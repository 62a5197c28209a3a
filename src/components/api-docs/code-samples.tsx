import { useTranslations } from 'next-intl';
import { codeSamples, type SampledOperation } from '@/lib/openapi/code-samples';

/**
 * An operation's curl, TypeScript (openapi-fetch) and Python samples, made from its example (src/lib/openapi/
 * code-samples.ts). Each is a labelled region keyboard users can reach and scroll (axe: scrollable-region-focusable).
 */
export function CodeSamples({ operation, title }: { operation: SampledOperation; title: string }) {
  const t = useTranslations('apidocs');
  return (
    <>
      <h4>{t('samples')}</h4>
      {codeSamples(operation).map((sample) => (
        <div key={sample.language}>
          <p lang="en">{sample.label}</p>
          <pre className="api-docs-example" tabIndex={0} role="region" aria-label={`${sample.label}: ${title}`}>
            <code>{sample.code}</code>
          </pre>
        </div>
      ))}
    </>
  );
}
