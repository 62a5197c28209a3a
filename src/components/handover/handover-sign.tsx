'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { SignatureField } from '@/components/tablet/signature-field';
import { SignerNameField } from '@/components/tablet/signer-name-field';
import { useSignaturePad } from '@/components/tablet/use-signature-pad';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import type { HandoverAnswerResult, HandoverView } from '@/lib/schemas/handover';
import { useTRPC } from '@/lib/trpc/client';
import { HandoverEnded } from './handover-ended';
import { HandoverFacts } from './handover-facts';
import { HandoverReservations, type PageReservation } from './handover-reservations';
import { useLocalTime } from '@/components/i18n/date-time';

type Problem = 'name' | 'signature' | 'remarks';
const padHeight = (width: number) => Math.round(Math.min(280, Math.max(180, width * 0.5)));

/**
 * The public hand-over page's body (contract §7): what is handed over, then a name and a finger signature to
 * confirm, or a name and remarks to refuse. The answer goes once; afterwards the page says what was recorded.
 */
export function HandoverSign({ token, view }: { token: string; view: HandoverView }) {
  const t = useTranslations('handover');
  const clock = useLocalTime();
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  const answer = useMutation(trpc.tablet.answerHandover.mutationOptions());
  const heading = useRef<HTMLHeadingElement>(null);
  const [name, setName] = useState('');
  const [remarks, setRemarks] = useState('');
  const [declining, setDeclining] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<HandoverAnswerResult>();
  const [reservations, setReservations] = useState<PageReservation[]>([]);
  // Measured again when the pad comes back from the refusal form.
  const signature = useSignaturePad(padHeight, declining);
  const { pad, clear } = signature;
  // The answer replaces the form the signer scrolled down to: the page goes back to its top, where the answer is.
  useEffect(() => {
    if (!result) return;
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [result]);

  if (result?.outcome === 'GONE' || result?.outcome === 'UNKNOWN') return <HandoverEnded state={result.outcome} />;
  if (result?.outcome === 'RECORDED') {
    const time = clock(result.at, { style: 'clock' });
    return (
      <section className="panel tablet-panel panel-success handover-done" role="status" data-testid="handover-done">
        <h1 ref={heading} tabIndex={-1}>
          {result.declined ? t('declinedTitle') : t('confirmedTitle')}
        </h1>
        {/* Issue 31 item 8: the result names the document and the time, where the phone's screen begins. */}
        <p data-testid="handover-done-document">{t(`title.${view.action}`, { serviceNumber: view.serviceNumber })}</p>
        <p>{result.declined ? t('declined', { name: name.trim(), time }) : t('confirmed', { name: name.trim(), time })}</p>
        <p>{t('closePage')}</p>
      </section>
    );
  }

  const failure = answer.error ? errorsFromCall(answer.error)[0] : undefined;
  const send = () => {
    setAttempt((count) => count + 1);
    if (!name.trim()) return setProblem('name');
    if (declining && !remarks.trim()) return setProblem('remarks');
    if (!declining && (!pad.current || pad.current.isEmpty())) return setProblem('signature');
    setProblem(undefined);
    const dataUrl = declining ? undefined : pad.current!.getCanvas().toDataURL('image/png');
    answer.mutate(
      {
        token,
        name: name.trim(),
        previousCommits: view.previousCommits,
        ...(dataUrl ? { signature: dataUrl.slice(dataUrl.indexOf(',') + 1) } : {}),
        ...(declining ? { declined: true, remarks: remarks.trim() } : {}),
        // The signer's own reservations (contract §7): recorded for them, just before the approval that accepts them.
        ...(!declining && reservations.length ? { reservations: reservations.map(({ photoCount: _count, ...reservation }) => reservation) } : {}),
      },
      { onSuccess: setResult },
    );
  };

  return (
    <>
      <h1>{t(`title.${view.action}`, { serviceNumber: view.serviceNumber })}</h1>
      <p className="lead">{t('lead')}</p>
      <p className="hint">{t('validUntil', { time: clock(view.expiresAt, { style: 'clock' }) })}</p>
      <HandoverFacts view={view} />
      {declining ? null : <HandoverReservations token={token} view={view} reservations={reservations} onChange={setReservations} />}
      <form
        className="form panel tablet-panel"
        aria-labelledby="sign-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!answer.isPending) send();
        }}
      >
        <h2 id="sign-title">{declining ? t('declineOpen') : t('sign')}</h2>
        <SignerNameField
          label={t('name')}
          value={name}
          autoComplete="name"
          attempt={attempt}
          error={problem === 'name' ? t('nameMissing') : undefined}
          onChange={setName}
          onErrorFixed={() => setProblem(undefined)}
        />
        {declining ? (
          <div className={`field${problem === 'remarks' ? ' field-invalid' : ''}`}>
            <label htmlFor="decline-remarks">{t('remarks')}</label>
            <textarea
              id="decline-remarks"
              className="input input-large"
              rows={4}
              value={remarks}
              aria-invalid={problem === 'remarks' || undefined}
              aria-describedby={problem === 'remarks' ? 'decline-remarks-error' : undefined}
              onChange={(event) => {
                setRemarks(event.target.value);
                if (problem === 'remarks') setProblem(undefined);
              }}
            />
            {problem === 'remarks' ? (
              <p key={attempt} id="decline-remarks-error" className="field-error" role="alert">
                {t('remarksMissing')}
              </p>
            ) : null}
          </div>
        ) : (
          <SignatureField
            signature={signature}
            label={t('signatureArea')}
            error={problem === 'signature' ? t('signatureMissing') : undefined}
            attempt={attempt}
            onDrawn={() => setProblem((current) => (current === 'signature' ? undefined : current))}
          />
        )}
        {failure ? (
          <p className="field-error" role="alert" data-testid="handover-failed">
            {t('failed', { message: messageFor(failure) })}
          </p>
        ) : null}
        <div className="actions handover-actions">
          {declining ? (
            <>
              <button type="submit" className="button button-danger button-large" disabled={answer.isPending} aria-busy={answer.isPending || undefined}>
                {answer.isPending ? t('sending') : t('decline')}
              </button>
              <button type="button" className="button button-secondary button-large" onClick={() => (setDeclining(false), setProblem(undefined))}>
                {t('backToSign')}
              </button>
            </>
          ) : (
            <>
              <button type="submit" className="button button-primary button-large" disabled={answer.isPending} aria-busy={answer.isPending || undefined}>
                {answer.isPending ? t('sending') : t('confirm')}
              </button>
              <button type="button" className="button button-secondary button-large" onClick={clear}>
                {t('clear')}
              </button>
              <button type="button" className="button button-secondary button-large" onClick={() => (setDeclining(true), setProblem(undefined))}>
                {t('declineOpen')}
              </button>
            </>
          )}
        </div>
      </form>
    </>
  );
}
