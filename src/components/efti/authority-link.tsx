'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The hand-over screen's way to the authority view (contract §15), while eFTI is on. */
export function AuthorityLink({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('efti.authority');
  return (
    <p>
      <Link href={`/tablet/${encodeURIComponent(freightDocumentId)}/authority`} data-testid="authority-link">
        {t('link')}
      </Link>
    </p>
  );
}
