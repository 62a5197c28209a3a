'use client';
import { useSyncExternalStore, type ReactNode } from 'react';

const PHONE = '(max-width: 40rem)';
const subscribe = (listener: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** True on a phone-sized screen; false on the server and during hydration, so both render the same. */
function usePhoneSize(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * A section of a long form that folds on a phone (issue 19 item 7: the new-document form was 11,252 px tall at
 * 390 px): a `<details>` whose summary names the section. Wider screens show it open with no summary (CSS). It opens
 * when the form has errors, so that the error summary's links always reach their field.
 */
export function FormFold({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  const phone = usePhoneSize();
  return (
    <details className="form-fold" open={!phone || open || undefined}>
      <summary className="form-fold-summary">{title}</summary>
      {children}
    </details>
  );
}
