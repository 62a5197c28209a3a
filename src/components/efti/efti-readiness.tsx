'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { EftiSource } from '@/lib/efti/dataset';
import { readinessOf } from '@/lib/efti/readiness';
import { useTRPC } from '@/lib/trpc/client';
import { ReadinessList } from './readiness-list';

/**
 * What authorities would miss in the EU03 subset (contract §15), shown only while eFTI is on and never blocking: for a
 * form not saved yet from its draft (computed here, the same pure check the server runs), for a saved draft from the
 * server's readiness check.
 */
export function EftiReadiness({
  draft,
  freightDocumentId,
  headingLevel = 2,
  id = 'efti-readiness',
}: {
  draft?: EftiSource;
  freightDocumentId?: string;
  headingLevel?: 2 | 3;
  /** Unique on the page (the issue confirmation shows one beside the form's). */
  id?: string;
}) {
  const t = useTranslations('efti.readiness');
  const trpc = useTRPC();
  const availability = useQuery(trpc.efti.availability.queryOptions(undefined, { staleTime: Infinity }));
  const enabled = availability.data?.enabled === true;
  const status = useQuery(trpc.efti.status.queryOptions({ freightDocumentId: freightDocumentId ?? '' }, { enabled: enabled && !draft && !!freightDocumentId }));
  if (!enabled) return null;
  const problems = draft ? readinessOf(draft, 'EU03').problems : status.data?.subsets[0]?.problems;
  if (!problems) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="panel efti-readiness" aria-labelledby={`${id}-title`} data-testid={id}>
      <Heading id={`${id}-title`}>{t('title')}</Heading>
      {problems.length === 0 ? (
        <p>{t('complete')}</p>
      ) : (
        <>
          <p className="hint">{t('intro')}</p>
          <ReadinessList problems={problems} />
        </>
      )}
    </section>
  );
}
