'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import { LegalErrors, useKeepDocument } from './legal-bits';

/**
 * The carrier side's answer to a pending instruction (CMR art. 12(5)): accept it, or refuse it with the reason the
 * convention asks for. One tap records once: the request is guarded while in flight. `large` on the tablet.
 */
export function AnswerInstruction(props: { document: FreightDocumentResponse; instructionId: string; large?: boolean; onAnswered?: () => void }) {
  const { document, instructionId } = props;
  const t = useTranslations('legal.instructions');
  const common = useTranslations('legal');
  const trpc = useTRPC();
  const keep = useKeepDocument(document.freightDocumentId);
  const answer = useMutation(trpc.legalEvents.answerInstruction.mutationOptions());
  const inFlight = useRef(false);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [reasonMissing, setReasonMissing] = useState(false);
  const size = props.large ? ' button-large' : '';
  const id = `answer-${instructionId}`;

  const send = (accepted: boolean) => {
    if (inFlight.current) return;
    setReasonMissing(!accepted && !reason.trim());
    if (!accepted && !reason.trim()) return;
    inFlight.current = true;
    setErrors([]);
    answer.mutate(
      {
        freightDocumentId: document.freightDocumentId,
        instructionId,
        body: { accepted, ...(accepted ? {} : { reason: reason.trim() }), previousCommits: document.previousCommits },
      },
      {
        onSuccess: async (updated) => {
          await keep(updated);
          props.onAnswered?.();
        },
        onError: (error) => setErrors(errorsFromCall(error)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <div className="legal-answer" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('answerTitle')}</h4>
      {refusing ? (
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('reason')}</label>
          <textarea
            id={`${id}-reason`}
            className={`input${props.large ? ' input-large' : ''}`}
            rows={3}
            value={reason}
            aria-invalid={reasonMissing || undefined}
            aria-describedby={reasonMissing ? `${id}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {reasonMissing ? (
            <p id={`${id}-reason-error`} className="field-error" role="alert">
              {t('reasonMissing')}
            </p>
          ) : null}
        </div>
      ) : null}
      <LegalErrors errors={errors} />
      <div className="actions">
        {refusing ? (
          <>
            <button type="button" className={`button button-danger${size}`} disabled={answer.isPending} onClick={() => send(false)}>
              {t('confirmRefusal')}
            </button>
            <button
              type="button"
              className={`button button-secondary${size}`}
              disabled={answer.isPending}
              onClick={() => (setRefusing(false), setReasonMissing(false))}
            >
              {common('give.cancel')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className={`button button-primary${size}`} disabled={answer.isPending} onClick={() => send(true)}>
              {t('accept')}
            </button>
            <button type="button" className={`button button-secondary${size}`} disabled={answer.isPending} onClick={() => setRefusing(true)}>
              {t('refuse')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
