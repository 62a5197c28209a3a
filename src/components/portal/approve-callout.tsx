'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { counterPartyApprovalOf } from '@/lib/domain/counter-party-approval';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

/** On the document page: the counter party's way to the approval that waits for it (issue 19), above the details. */
export function ApproveCallout({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('portal.approve');
  const approval = counterPartyApprovalOf(document);
  if (!approval) return null;
  return (
    <div className="panel approve-callout" data-testid="approve-callout">
      <p>{t(`waiting.${approval.action}`)}</p>
      <Link className="button button-primary button-touch" href={`/documents/${encodeURIComponent(document.freightDocumentId)}/approve`}>
        {t(`button.${approval.action}`)}
      </Link>
    </div>
  );
}
