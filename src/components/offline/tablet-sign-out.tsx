'use client';
import { signOut } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useDevice, waitingCount } from './device-provider';
import { useOnline } from './use-online';

/**
 * The tablet's sign-out (issue 31 item 1). With changes of this driver still waiting it says how many and offers to
 * wait for the network (signing out once they are sent), or to keep them for this driver's next sign-in: they are
 * never dropped and never sent under anyone else. Signing out ends the device's session: the copies and the code kit
 * go (issue 32 item 4).
 */
export function TabletSignOut() {
  const t = useTranslations('offline.signOut');
  const device = useDevice();
  const online = useOnline();
  const waiting = waitingCount(device.entries);
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<'idle' | 'asking' | 'waiting' | 'pending' | 'failed'>('idle');
  const [asked, setAsked] = useState(false);

  const finish = async () => {
    setMode('pending');
    try {
      await signOut({ redirect: false });
      await device.endSession();
      window.location.assign('/login?signedOut=1');
    } catch {
      setMode('failed');
    }
  };

  // "Wait for the network": signs out as soon as nothing of this driver waits any more.
  const done = mode === 'waiting' && waiting === 0;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void finish(), 0);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- finish is a fresh closure each render; `done` decides.
  }, [done]);
  useEffect(() => {
    if (!asked) dialog.current?.close();
    else if (!dialog.current?.open) dialog.current?.showModal();
  }, [asked]);
  const failure = mode === 'failed' ? <p className="field-error">{online ? t('failed') : t('needsNetwork')}</p> : null;

  return (
    <>
      <button
        type="button"
        className="link-button"
        disabled={mode === 'pending'}
        onClick={() => (waiting > 0 ? (setAsked(true), setMode('asking')) : void finish())}
        data-testid="tablet-sign-out"
      >
        {mode === 'pending' ? t('pending') : t('label')}
      </button>
      {!asked ? (
        <span role="alert" className="inline-error">
          {failure}
        </span>
      ) : null}
      <dialog
        ref={dialog}
        className="sign-out-dialog"
        aria-labelledby="sign-out-title"
        onClose={() => (setAsked(false), setMode('idle'))}
        data-testid="sign-out-dialog"
      >
        <h2 id="sign-out-title">{t('title', { count: waiting })}</h2>
        <p>{t('explain')}</p>
        <div role="status" aria-live="polite">
          {mode === 'waiting' ? <p className="state-waiting">{online ? t('sending', { count: waiting }) : t('offlineWaiting', { count: waiting })}</p> : null}
          {failure}
        </div>
        <div className="actions sign-out-actions">
          <button
            type="button"
            className="button button-primary button-large"
            disabled={mode === 'waiting'}
            onClick={() => (setMode('waiting'), device.retryNow())}
          >
            {t('wait')}
          </button>
          <button type="button" className="button button-secondary button-large" onClick={() => void finish()}>
            {t('keep')}
          </button>
          <button type="button" className="button button-secondary button-large" onClick={() => (setAsked(false), setMode('idle'))}>
            {t('cancel')}
          </button>
        </div>
      </dialog>
    </>
  );
}
