'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { challengeCode, contentHash } from '@/lib/domain/tfa';

/** 25 digits as five groups of five, easy to read out and to type. */
export function groupDigits(code: string): string[] {
  return code.match(/.{1,5}/g) ?? [];
}

/**
 * Two-factor approval (contract §8): the tablet shows its challenge code in large grouped digits; the counter
 * party types it on their phone (the "counter-party code" page) and reads back the response code, typed here.
 * The challenge covers the comments the server has and those still waiting in the outbox.
 */
export function TfaPanel(props: {
  serviceNumber: string;
  s1: string;
  s3: string;
  comments: string[];
  busy: boolean;
  onConfirm: (responseCode: string) => void;
}) {
  const t = useTranslations('tablet.tfa');
  const challenge = challengeCode({
    contentHash: contentHash(props.comments, props.serviceNumber),
    serviceNumber: props.serviceNumber,
    s1: props.s1,
    s3: props.s3,
  });
  const [response, setResponse] = useState('');
  const [problem, setProblem] = useState(false);
  const digits = response.replace(/\D/g, '');
  return (
    <div className="tfa">
      <p id="challenge-label">{t('showThis')}</p>
      <p className="challenge-code" aria-labelledby="challenge-label" data-testid="challenge-code" data-code={challenge}>
        {groupDigits(challenge).map((group, index) => (
          <span key={index} className="code-group">
            {group}
          </span>
        ))}
      </p>
      <p className="hint">{t('howTo')}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (digits.length !== 25) return setProblem(true);
          setProblem(false);
          props.onConfirm(digits);
        }}
      >
        <div className={`field${problem ? ' field-invalid' : ''}`}>
          <label htmlFor="response-code">{t('response')}</label>
          <input
            id="response-code"
            className="input input-large input-code"
            inputMode="numeric"
            autoComplete="off"
            value={response}
            aria-invalid={problem || undefined}
            aria-describedby={problem ? 'response-code-error' : 'response-code-hint'}
            onChange={(event) => setResponse(event.target.value)}
          />
          <p id="response-code-hint" className="hint">
            {t('responseHint', { count: digits.length })}
          </p>
          {problem ? (
            <p id="response-code-error" className="field-error">
              {t('responseLength')}
            </p>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={props.busy}>
            {t('confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}
