'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import type { DashboardItem } from '@/lib/schemas/dashboard';
import { useTRPC } from '@/lib/trpc/client';
import { useDocumentTitle } from './document-title';

const COUNTED = ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED'] as const;
type Block = 'draftsToFinish' | 'awaitingMyApproval' | 'deliveredToday' | 'recent';
/** Where "see all" of a block leads: the list with the matching filter. */
const BLOCK_LINKS: Record<Block, string> = {
  draftsToFinish: '/documents?status=DRAFT',
  awaitingMyApproval: '/documents',
  deliveredToday: '/documents?status=DELIVERED',
  recent: '/documents',
};

function startOfToday(): string {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return today.toISOString();
}

function DocumentLinks({ block, items }: { block: Block; items: DashboardItem[] }) {
  const t = useTranslations('portal.dashboard');
  const approve = useTranslations('portal.approve');
  const title = useDocumentTitle();
  const label = useEnumLabel();
  return (
    <section className="panel dashboard-block" aria-labelledby={`dashboard-${block}`} data-testid={`dashboard-${block}`}>
      <h2 id={`dashboard-${block}`}>
        {t(`blocks.${block}.title`)} <span className="count-pill">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="hint">{t(`blocks.${block}.empty`)}</p>
      ) : (
        <ul className="plain-list dashboard-list">
          {items.map((item) => (
            <li key={item.freightDocumentId}>
              <Link href={`/documents/${encodeURIComponent(item.freightDocumentId)}`}>{title(item.serviceNumber, item.consigneeName)}</Link>
              <span className="hint">
                {' '}
                <span className={`badge badge-${item.status.toLowerCase()}`}>{label('status', item.status)}</span>{' '}
                <DateTime value={item.lastModifiedDateTime} />
              </span>
              {block === 'awaitingMyApproval' && item.counterPartyApproval ? (
                <>
                  {' '}
                  <Link
                    className="button button-primary button-touch"
                    href={`/documents/${encodeURIComponent(item.freightDocumentId)}/approve`}
                    aria-label={approve('buttonFor', { action: approve(`button.${item.counterPartyApproval}`), serviceNumber: item.serviceNumber })}
                  >
                    {approve(`button.${item.counterPartyApproval}`)}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href={BLOCK_LINKS[block]}>{t(`blocks.${block}.all`)}</Link>
      </p>
    </section>
  );
}

/** Home for a signed-in person: what needs them now, how many documents are in each state, the latest ones. */
export function Dashboard() {
  const t = useTranslations('portal.dashboard');
  const common = useTranslations('common');
  const label = useEnumLabel();
  const trpc = useTRPC();
  // Fixed for the visit: the query key must not change on every render.
  const [todayStart] = useState(startOfToday);
  const query = useQuery(trpc.portal.dashboard.queryOptions({ todayStart }));

  return (
    <>
      <div className="page-title">
        <h1>{t('title')}</h1>
        <div className="actions">
          <Link className="button button-primary" href="/documents/new">
            {t('newDocument')}
          </Link>
          <Link className="button button-secondary" href="/documents">
            {t('allDocuments')}
          </Link>
        </div>
      </div>
      {query.isPending ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {common('loading')}
        </p>
      ) : query.isError ? (
        <div className="error-summary" role="alert">
          <h2>{t('loadFailed')}</h2>
        </div>
      ) : (
        <>
          <nav aria-label={t('countsLabel')}>
            <ul className="status-counts" data-testid="status-counts">
              {COUNTED.map((status) => (
                <li key={status}>
                  <Link href={`/documents?status=${status}`} className="status-count">
                    <span className="status-count-number">{query.data.counts[status]}</span>
                    <span className="status-count-label">{label('status', status)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="dashboard-grid">
            <DocumentLinks block="draftsToFinish" items={query.data.draftsToFinish} />
            <DocumentLinks block="awaitingMyApproval" items={query.data.awaitingMyApproval} />
            <DocumentLinks block="deliveredToday" items={query.data.deliveredToday} />
            <DocumentLinks block="recent" items={query.data.recent} />
          </div>
        </>
      )}
    </>
  );
}
