'use client';
import { useTranslations } from 'next-intl';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

/** At the top of the document page: an instruction waits for the caller's answer (CMR art. 12(5)); the link goes to it. */
export function PendingInstructionCallout({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal.instructions');
  const pending = (document.instructions ?? []).filter((instruction) => !instruction.response).length;
  if (pending === 0 || !document.allowedActions.includes('ANSWER_INSTRUCTION')) return null;
  return (
    <p className="banner banner-info" data-testid="pending-instruction-callout">
      {t('waitingForYou', { count: pending })} <a href="#legal-title">{t('goAnswer')}</a>
    </p>
  );
}
