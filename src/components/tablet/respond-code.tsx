'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { errorsFromCall, useErrorMessage, type FieldError } from '@/components/forms/errors';
import type { responseCodeAnswer } from '@/lib/schemas/tablet';
import type { z } from 'zod';
import { OfflineCodesStatus } from '@/components/offline/offline-codes-status';
import { useResponseCode } from './tablet-data';
import { CodeField, GroupedCode } from './code-fields';
import { AcceptingReservations } from '@/components/legal/accepting-reservations';
import { HandoverFacts } from '@/components/handover/handover-facts';
import '@/components/legal/legal.css';

/**
 * The counter party's phone page (issue 9 part 4, contract §8): the carrier's challenge code in, the response
 * code out, computed by the server with the signed-in account's own secret. Read it back to the driver.
 */
export function RespondCode() {
  const t = useTranslations('tablet.respond');
  const action = useTranslations('tablet.action');
  const messageFor = useErrorMessage();
  const ask = useResponseCode();
  const [digits, setDigits] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<z.infer<typeof responseCodeAnswer>>();
  const [error, setError] = useState<FieldError>();
  // The code shows once the counter party has read what it confirms (issue 31 item 8).
  const [checked, setChecked] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // What the phone shows next (what is confirmed, then the code) starts at the top of its screen, its heading focused:
  // below the form it would be under the fold of a phone (issue 31 item 8).
  const shown = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!answer) return;
    shown.current?.closest('section')?.scrollIntoView({ block: 'start' });
    shown.current?.focus({ preventScroll: true });
  }, [answer, checked]);

  return (
    <div className="respond">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <OfflineCodesStatus />
      <form
        className="form panel tablet-panel"
        onSubmit={async (event) => {
          event.preventDefault();
          setAttempt((count) => count + 1);
          setAnswer(undefined);
          setChecked(false);
          if (digits.length !== 25) return setError({ code: '3.1', description: '', field: 'challenge' });
          setBusy(true);
          setError(undefined);
          try {
            setAnswer(await ask(digits));
          } catch (failure) {
            setError(errorsFromCall(failure)[0]);
          } finally {
            setBusy(false);
          }
        }}
      >
        <CodeField
          id="challenge"
          label={t('challenge')}
          value={digits}
          onChange={setDigits}
          hint={t('challengeHint', { count: digits.length })}
          attempt={attempt}
          error={
            error
              ? error.code === '3.1'
                ? t('incomplete', { count: digits.length })
                : error.code === '3.6'
                  ? t('wrongChallenge')
                  : error.code === '4.47'
                    ? t('unknownDocument')
                    : messageFor(error)
              : undefined
          }
        />
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('busy') : t('submit')}
          </button>
        </div>
      </form>
      {answer && answer.handedOver && !checked ? (
        <section className="panel tablet-panel" aria-labelledby="check-title" role="status" data-testid="respond-check">
          <h2 id="check-title" ref={shown} tabIndex={-1}>
            {t('checkTitle', { action: action(answer.action), serviceNumber: answer.serviceNumber })}
          </h2>
          <HandoverFacts view={answer.handedOver} />
          <div className="actions">
            <button type="button" className="button button-primary button-large" onClick={() => setChecked(true)}>
              {t('showCode')}
            </button>
          </div>
        </section>
      ) : answer ? (
        <section className="panel tablet-panel panel-success" aria-labelledby="response-title" role="status" data-testid="respond-answer">
          <h2 id="response-title" ref={shown} tabIndex={-1}>
            {t('responseTitle')}
          </h2>
          <p>{t('forDocument', { action: action(answer.action), serviceNumber: answer.serviceNumber })}</p>
          {/* The code right under its title, where the phone's screen begins; what it accepts was shown before it. */}
          <GroupedCode code={answer.responseCode} testId="response-code" />
          <p>{t('readBack')}</p>
          {answer.commentsMatch ? null : <p className="banner banner-warning">{t('commentsDiffer')}</p>}
          <AcceptingReservations reservations={answer.reservations} />
        </section>
      ) : null}
    </div>
  );
}
