'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import { CopyAge } from '@/components/offline/copy-age';
import { OfflineReady } from '@/components/offline/offline-ready';
import { RefusedItems } from '@/components/offline/refused-items';
import { distinctNames } from '@/lib/domain/goods-summary';
import { copyKeys } from '@/lib/offline/device-store';
import type { MyTransferItem } from '@/lib/schemas/tablet';
import { useMyTransfers } from './tablet-data';
import { ApprovalState, PlaceText, TransferTitle } from './transfer-bits';

/** Today (overdue included) or later, by the tablet's own clock and time zone; no time given counts as later. */
function isToday(item: MyTransferItem, now: Date): boolean {
  if (!item.dueAt) return false;
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return new Date(item.dueAt) < endOfToday;
}

function TransferCard({ item }: { item: MyTransferItem }) {
  const t = useTranslations('tablet.list');
  const label = useEnumLabel();
  // Two roles of one party (consignor and place of taking over) are one name (issue 34 item 5).
  const names = distinctNames(item.counterParties.map((party) => party.name ?? label('role', party.role))).join(', ');
  return (
    <li className="transfer-card" data-testid="transfer-card">
      <Link href={`/tablet/${item.freightDocumentId}`} className="transfer-card-link">
        <span className="transfer-card-title">
          <TransferTitle action={item.action} side={item.side} serviceNumber={item.serviceNumber} />
        </span>
        <span className={`badge badge-${item.status.toLowerCase()}`}>{label('status', item.status)}</span>
      </Link>
      {item.pendingInstruction ? (
        <p className="legal-pending-flag" data-testid="instruction-waiting">
          {t('instructionWaiting')}
        </p>
      ) : null}
      <dl className="transfer-facts">
        <div>
          <dt>{t('place')}</dt>
          <dd>
            <PlaceText place={item.place} />
          </dd>
        </div>
        <div>
          <dt>{t('counterParty')}</dt>
          <dd>{names || '—'}</dd>
        </div>
        {item.goods ? (
          <div>
            <dt>{t('goods')}</dt>
            <dd data-testid="transfer-goods">{item.goods}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('due')}</dt>
          <dd>{item.dueAt ? <DateTime value={item.dueAt} countryCode={item.place?.countryCode} /> : t('noTime')}</dd>
        </div>
        <div>
          <dt>{t('approvals')}</dt>
          <dd>
            <ApprovalState item={item} freightDocumentId={item.freightDocumentId} />
          </dd>
        </div>
      </dl>
      <RefusedItems freightDocumentId={item.freightDocumentId} />
    </li>
  );
}

/** "My transfers": the hand-overs due for the signed-in carrier, today first. */
export function MyTransfers() {
  const t = useTranslations('tablet.list');
  const messageFor = useErrorMessage();
  const query = useMyTransfers();
  const now = new Date();

  let body;
  if (query.isPending) {
    body = (
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" /> {t('loading')}
      </p>
    );
  } else if (query.isError) {
    body = (
      <div className="error-summary" role="alert">
        <h2>{t('loadFailed')}</h2>
        <p>{messageFor(errorsFromCall(query.error)[0]!)}</p>
      </div>
    );
  } else if (query.data.transfers.length === 0) {
    body = <p className="panel tablet-empty">{t('empty')}</p>;
  } else {
    const today = query.data.transfers.filter((item) => isToday(item, now));
    const later = query.data.transfers.filter((item) => !isToday(item, now));
    body = (
      <>
        {[['today', t('today'), today] as const, ['later', t('later'), later] as const].map(([id, title, items]) => (
          <section key={id} aria-labelledby={`group-${id}`} className="transfer-group">
            <h2 id={`group-${id}`}>
              {title} <span className="count">({items.length})</span>
            </h2>
            {items.length > 0 ? (
              <ul className="transfer-cards">
                {items.map((item) => (
                  <TransferCard key={`${item.freightDocumentId}-${item.action}-${item.side}`} item={item} />
                ))}
              </ul>
            ) : (
              <p className="hint">{t('noneInGroup')}</p>
            )}
          </section>
        ))}
      </>
    );
  }
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <OfflineReady />
      <CopyAge copyKey={copyKeys.myTransfers} />
      <RefusedItems testId="not-sent" />
      {body}
    </>
  );
}
