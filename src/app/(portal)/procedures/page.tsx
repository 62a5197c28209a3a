import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { createServiceContext } from '@/server/services/context';
import { getProcedures } from '@/server/services/procedures/get-procedures';

const TOPICS = ['issuing', 'delivery', 'integrity', 'entitlement', 'deliveryConfirmation', 'amendments', 'replacementByPaper'] as const;

export async function generateMetadata(): Promise<Metadata> {
  const meta = await getTranslations('meta');
  return { title: meta('pageTitle', { page: (await getTranslations('procedures'))('title') }) };
}

/**
 * The operator's procedures statement (contract §14, e-CMR Additional Protocol art. 5(2)): public, in the reader's
 * language, with the facts of the running configuration (environment, signing methods) from the same service as
 * `GET /api/procedures`. Every PDF prints this page's address.
 */
export default async function ProceduresPage() {
  await connection();
  const t = await getTranslations('procedures');
  const facts = getProcedures({ ctx: await createServiceContext() });
  // The API's own address (absolute: it is no page of the portal).
  const jsonUrl = facts.publicKeyUrl.replace(/\/pgp\/publickey$/, '/procedures');
  return (
    <div className="narrow">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <dl className="details">
        <div className="details-row">
          <dt>{t('environment')}</dt>
          <dd data-testid="procedures-environment">{facts.legallyValid ? t('production') : t('partner')}</dd>
        </div>
        <div className="details-row">
          <dt>{t('signingMethods')}</dt>
          <dd>{facts.signingMethods.join(', ')}</dd>
        </div>
        <div className="details-row">
          <dt>{t('publicKey')}</dt>
          <dd>
            <a href={facts.publicKeyUrl}>{facts.publicKeyUrl}</a>
          </dd>
        </div>
      </dl>
      {TOPICS.map((topic) => (
        <section key={topic} aria-labelledby={`procedure-${topic}`}>
          <h2 id={`procedure-${topic}`}>{t(`topics.${topic}.title`)}</h2>
          <p>{t(`topics.${topic}.text`)}</p>
        </section>
      ))}
      <section aria-labelledby="procedure-retention">
        <h2 id="procedure-retention">{t('retention')}</h2>
        <p>{t('retentionText')}</p>
      </section>
      <p>
        <a href={jsonUrl}>{t('json')}</a>
      </p>
    </div>
  );
}
