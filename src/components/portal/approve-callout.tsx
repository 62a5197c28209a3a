'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { counterPartyApprovalOf } from '@/lib/domain/counter-party-approval';
import type { TransferAction } from '@/lib/domain/transfers';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

const METHODS_OF: Record<TransferAction, keyof FreightDocumentResponse['availableSigningMethods']> = {
  COLLECTION: 'collection',
  CARRIER_TO_CARRIER: 'carrierToCarrier',
  DELIVERY: 'delivery',
};

/**
 * On the document page: the counter party's way to the approval that waits for it (issue 19), above the details; and,
 * when the transfer takes a two-factor code, the way to the phone's code page (issue 31 item 8).
 */
export function ApproveCallout({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('portal.approve');
  const approval = counterPartyApprovalOf(document);
  if (!approval) return null;
  const byCode = document.availableSigningMethods[METHODS_OF[approval.action]].includes('TFA');
  return (
    <div className="panel approve-callout" data-testid="approve-callout">
      <p>{t(`waiting.${approval.action}`)}</p>
      <Link className="button button-primary button-touch" href={`/documents/${encodeURIComponent(document.freightDocumentId)}/approve`}>
        {t(`button.${approval.action}`)}
      </Link>
      {byCode ? (
        <p className="approve-callout-code" data-testid="respond-callout">
          {t('respondLead')} <Link href="/respond">{t('respondLink')}</Link>
        </p>
      ) : null}
    </div>
  );
}
