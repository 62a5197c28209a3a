'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { challengeCode, contentHash } from '@/lib/domain/tfa';
import { CodeField, GroupedCode } from './code-fields';

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
  const [digits, setDigits] = useState('');
  const [problem, setProblem] = useState(false);
  const [attempt, setAttempt] = useState(0);
  return (
    <div className="tfa">
      <p id="challenge-label">{t('showThis')}</p>
      <GroupedCode code={challenge} testId="challenge-code" labelledBy="challenge-label" />
      <p className="hint">{t('howTo')}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setAttempt((count) => count + 1);
          if (digits.length !== 25) return setProblem(true);
          setProblem(false);
          props.onConfirm(digits);
        }}
      >
        <CodeField
          id="response-code"
          label={t('response')}
          value={digits}
          onChange={setDigits}
          hint={t('responseHint', { count: digits.length })}
          error={problem ? t('responseLength', { count: digits.length }) : undefined}
          attempt={attempt}
        />
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={props.busy}>
            {t('confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}
