'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import type { RouterOutputs } from '@/lib/trpc/client';
import { firstReference, partyName } from './list-columns';

type Listed = RouterOutputs['documents']['list']['freightDocuments'][number];

/** The list on a phone: one card per document instead of a table that scrolls sideways (shown by CSS width). */
export function DocumentCards({ rows }: { rows: Listed[] }) {
  const t = useTranslations('documents.list.columns');
  const extra = useTranslations('portal.list');
  const label = useEnumLabel();
  return (
    <ul className="document-cards" data-testid="document-cards">
      {rows.map((document) => (
        <li key={document.freightDocumentId} className="document-card">
          <p className="document-card-title">
            <Link href={`/documents/${encodeURIComponent(document.freightDocumentId)}`}>{document.serviceNumber}</Link>{' '}
            <span className={`badge badge-${document.status.toLowerCase()}`}>{label('status', document.status)}</span>
          </p>
          <dl className="details">
            <div className="details-row">
              <dt>{t('consignee')}</dt>
              <dd>{partyName(document.consignee)}</dd>
            </div>
            <div className="details-row">
              <dt>{t('consignor')}</dt>
              <dd>{partyName(document.consignor)}</dd>
            </div>
            <div className="details-row">
              <dt>{extra('reference')}</dt>
              <dd>{firstReference(document)}</dd>
            </div>
            <div className="details-row">
              <dt>{extra('carrier')}</dt>
              <dd>{partyName(document.carrier)}</dd>
            </div>
            <div className="details-row">
              <dt>{t('lastModifiedDateTime')}</dt>
              <dd>
                <DateTime value={document.lastModifiedDateTime} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
