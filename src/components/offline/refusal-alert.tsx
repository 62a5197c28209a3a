'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { isUnacknowledgedRefusal } from '@/lib/tablet/outbox';
import { useDevice } from './device-provider';
import { useRefusalText } from './refusal-text';

/**
 * Issue 31 item 2: when the server refuses an item queued on this tablet, the driver sees it full screen on whatever
 * screen is open — what was refused, why, what to do — until he acknowledges it, as the online path's result screen.
 * It then stays beside its document ("not sent") until dismissed there.
 */
export function RefusalAlert() {
  const t = useTranslations('offline');
  const { entries, acknowledge } = useDevice();
  const text = useRefusalText();
  const refusal = entries.find(isUnacknowledgedRefusal);
  const heading = useRef<HTMLHeadingElement>(null);
  const key = refusal?.key;
  useEffect(() => {
    if (key) heading.current?.focus();
  }, [key]);
  if (!refusal) return null;
  return (
    <div className="handover-result handover-result-declined" role="alert" data-testid="refusal-alert">
      <div className="handover-result-inner">
        <h2 ref={heading} tabIndex={-1}>
          {text.title(refusal)}
        </h2>
        <p className="refusal-why">{text.why(refusal)}</p>
        <p>{text.next(refusal)}</p>
        <div className="actions">
          <button
            type="button"
            className="button button-primary button-large"
            onClick={() => {
              acknowledge(refusal.key);
              // Back on the screen, the refusal's reason beside the control that made it is where the driver looks.
              window.requestAnimationFrame(() => document.querySelector(`[data-refusal-for="${refusal.key}"]`)?.scrollIntoView({ block: 'center' }));
            }}
          >
            {t('acknowledge')}
          </button>
          <Link href={`/tablet/${refusal.freightDocumentId}`} className="button button-secondary button-large" onClick={() => acknowledge(refusal.key)}>
            {t('openDocument')}
          </Link>
        </div>
      </div>
    </div>
  );
}
