'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, useErrorMessage, type FieldError } from '@/components/forms/errors';
import type { responseCodeAnswer } from '@/lib/schemas/tablet';
import type { z } from 'zod';
import { useResponseCode } from './tablet-data';
import { groupDigits } from './tfa-panel';

/**
 * The counter party's phone page (issue 9 part 4, contract §8): the carrier's challenge code in, the response
 * code out, computed by the server with the signed-in account's own secret. Read it back to the driver.
 */
export function RespondCode() {
  const t = useTranslations('tablet.respond');
  const action = useTranslations('tablet.action');
  const messageFor = useErrorMessage();
  const ask = useResponseCode();
  const [challenge, setChallenge] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<z.infer<typeof responseCodeAnswer>>();
  const [error, setError] = useState<FieldError>();
  const digits = challenge.replace(/\D/g, '');

  return (
    <div className="respond">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <form
        className="form panel tablet-panel"
        onSubmit={async (event) => {
          event.preventDefault();
          setAnswer(undefined);
          if (digits.length !== 25) return setError({ code: '3.6', description: '', field: 'challenge' });
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
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor="challenge">{t('challenge')}</label>
          <input
            id="challenge"
            className="input input-large input-code"
            inputMode="numeric"
            autoComplete="off"
            value={challenge}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'challenge-error' : 'challenge-hint'}
            onChange={(event) => setChallenge(event.target.value)}
          />
          <p id="challenge-hint" className="hint">
            {t('challengeHint', { count: digits.length })}
          </p>
          {error ? (
            <p id="challenge-error" className="field-error" role="alert">
              {error.code === '3.6' ? t('wrongChallenge') : error.code === '4.47' ? t('unknownDocument') : messageFor(error)}
            </p>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('busy') : t('submit')}
          </button>
        </div>
      </form>
      {answer ? (
        <section className="panel tablet-panel panel-success" aria-labelledby="response-title" role="status">
          <h2 id="response-title">{t('responseTitle')}</h2>
          <p>{t('forDocument', { action: action(answer.action), serviceNumber: answer.serviceNumber })}</p>
          <p className="challenge-code" data-testid="response-code" data-code={answer.responseCode}>
            {groupDigits(answer.responseCode).map((group, index) => (
              <span key={index} className="code-group">
                {group}
              </span>
            ))}
          </p>
          <p>{t('readBack')}</p>
          {answer.commentsMatch ? null : <p className="banner banner-warning">{t('commentsDiffer')}</p>}
        </section>
      ) : null}
    </div>
  );
}
