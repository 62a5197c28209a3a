'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { CounterPartyReservationForm, type ReservationDraft } from '@/components/legal/counter-party-reservation-form';
import { Done } from '@/components/legal/legal-bits';
import { photosAttachments } from '@/components/legal/photos-field';
import { STAGE_OF_TRANSFER } from '@/lib/domain/legal-events';
import type { CounterPartyApproval } from '@/lib/domain/counter-party-approval';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import '@/components/legal/legal.css';

/**
 * The counter party's own reservations on the portal's approval page (contract §7, §14): at delivery, and for the
 * receiving subsequent carrier between carriers; never at collection (the carrier reserves there). Each is recorded at
 * once as the caller's reservation; the page then shows the new heads, so the approval names it and accepts it.
 */
export function ApproveReservations({ document, approval }: { document: FreightDocumentResponse; approval: CounterPartyApproval }) {
  const t = useTranslations('legal');
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const record = useMutation(trpc.tablet.comment.mutationOptions());
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  if (approval.action === 'COLLECTION' || !document.allowedActions.includes('RESERVE')) return null;

  const add = async (draft: ReservationDraft): Promise<boolean> => {
    setFailure(undefined);
    setDone(undefined);
    try {
      await record.mutateAsync({
        freightDocumentId: document.freightDocumentId,
        body: {
          previousCommits: document.previousCommits,
          text: draft.text,
          reservation: { stage: STAGE_OF_TRANSFER[approval.action], kind: draft.kind, ...(draft.goodsLines.length ? { goodsLines: draft.goodsLines } : {}) },
          ...photosAttachments(draft.photos),
        },
      });
    } catch (error) {
      const [first] = errorsFromCall(error);
      setFailure(t('counterParty.failed', { message: first ? messageFor(first) : String(error) }));
      return false;
    }
    // The approval must name the heads that include it: the page reads the document again before anyone confirms.
    await queryClient.invalidateQueries({ queryKey: trpc.documents.get.queryKey({ freightDocumentId: document.freightDocumentId }) });
    setDone(t('counterParty.added'));
    return true;
  };

  return (
    <section className="panel tablet-panel" aria-labelledby="approve-reservations-title" data-testid="approve-reservations">
      <h2 id="approve-reservations-title">{t('counterParty.title')}</h2>
      <p className="hint">{t('counterParty.leadPortal')}</p>
      <CounterPartyReservationForm goods={document} busy={record.isPending ? t('counterParty.recording') : undefined} onAdd={add}>
        {failure ? (
          <p className="field-error" role="alert" data-testid="approve-reservation-failed">
            {failure}
          </p>
        ) : null}
        <Done text={done} testId="approve-reservation-done" keepInSight />
      </CounterPartyReservationForm>
    </section>
  );
}
