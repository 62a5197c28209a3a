'use client';
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { HandoverFacts } from '@/components/handover/handover-facts';
import { ApproveReservations } from './approve-reservations';
import { useEnumLabel } from '@/components/i18n/labels';
import { counterPartyApprovalOf, type CounterPartyApproval } from '@/lib/domain/counter-party-approval';
import { handoverFactsOf } from '@/lib/handover/facts';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import { useLocalTime } from '@/components/i18n/date-time';

type Recorded = { approval: CounterPartyApproval; declined: boolean; at: Date; document: FreightDocumentResponse };

/**
 * The counter party approves a transfer on its own account (contract §7, OWN) after reading what it confirms,
 * or refuses it with remarks. One tap records once: the request is guarded while in flight.
 */
export function ApproveTransfer({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('portal.approve');
  const common = useTranslations('common');
  const trpc = useTRPC();
  const query = useQuery(trpc.documents.get.queryOptions({ freightDocumentId }));
  const [recorded, setRecorded] = useState<Recorded>();

  if (recorded) return <ApprovalRecorded recorded={recorded} />;
  if (query.isPending) {
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> {common('loading')}
      </p>
    );
  }
  const approval = query.data ? counterPartyApprovalOf(query.data) : null;
  if (!query.data || !approval) {
    return (
      <>
        <h1>{t('nothingTitle')}</h1>
        <p>{query.isError ? t('loadFailed') : t('nothing')}</p>
        <p>
          <Link className="button button-secondary button-large" href={`/documents/${encodeURIComponent(freightDocumentId)}`}>
            {t('toDocument')}
          </Link>
        </p>
      </>
    );
  }
  return <ApproveForm document={query.data} approval={approval} onRecorded={setRecorded} />;
}

function ApproveForm(props: { document: FreightDocumentResponse; approval: CounterPartyApproval; onRecorded: (recorded: Recorded) => void }) {
  const { document, approval } = props;
  const t = useTranslations('portal.approve');
  const label = useEnumLabel();
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const approve = useMutation(trpc.documents.approve.mutationOptions());
  // Set before the request leaves: a second tap in the same frame finds it, before `disabled` is rendered.
  const inFlight = useRef(false);
  const [declining, setDeclining] = useState(false);
  const [remarks, setRemarks] = useState('');
  const [remarksMissing, setRemarksMissing] = useState(false);

  const send = () => {
    if (inFlight.current) return;
    if (declining && !remarks.trim()) return setRemarksMissing(true);
    inFlight.current = true;
    approve.mutate(
      {
        freightDocumentId: document.freightDocumentId,
        body: {
          action: approval.action,
          ownRole: approval.ownRole,
          ...(approval.counterPartyRoleId ? { counterPartyRoleId: approval.counterPartyRoleId } : {}),
          previousCommits: document.previousCommits,
          ...(declining ? { declined: true, remarks: remarks.trim() } : {}),
        },
      },
      {
        onSuccess: (updated) => {
          void queryClient.invalidateQueries({ queryKey: trpc.documents.get.queryKey({ freightDocumentId: document.freightDocumentId }) });
          props.onRecorded({ approval, declined: declining, at: new Date(), document: updated });
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };
  const failure = approve.error ? errorsFromCall(approve.error)[0] : undefined;

  return (
    <>
      <h1>{t(`title.${approval.action}`, { serviceNumber: document.serviceNumber })}</h1>
      <p className="lead">{t('lead', { role: label('role', approval.ownRole) })}</p>
      <HandoverFacts view={handoverFactsOf(approval.action, document)} />
      {declining ? null : <ApproveReservations document={document} approval={approval} />}
      <form
        className="form panel tablet-panel"
        aria-labelledby="approve-form-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <h2 id="approve-form-title">{declining ? t('declineTitle') : t('confirmTitle')}</h2>
        {declining ? (
          <div className={`field${remarksMissing ? ' field-invalid' : ''}`}>
            <label htmlFor="approve-remarks">{t('remarks')}</label>
            <textarea
              id="approve-remarks"
              className="input input-large"
              rows={4}
              value={remarks}
              aria-invalid={remarksMissing || undefined}
              aria-describedby={remarksMissing ? 'approve-remarks-error' : undefined}
              onChange={(event) => {
                setRemarks(event.target.value);
                setRemarksMissing(false);
              }}
            />
            {remarksMissing ? (
              <p id="approve-remarks-error" className="field-error" role="alert">
                {t('remarksMissing')}
              </p>
            ) : null}
          </div>
        ) : (
          <p>{t(`confirmText.${approval.action}`)}</p>
        )}
        {failure ? (
          <p className="field-error" role="alert" data-testid="approve-failed">
            {t('failed', { message: messageFor(failure) })}
          </p>
        ) : null}
        <div className="actions handover-actions">
          <button
            type="submit"
            className={`button button-large ${declining ? 'button-danger' : 'button-primary'}`}
            disabled={approve.isPending}
            aria-busy={approve.isPending || undefined}
          >
            {approve.isPending ? t('sending') : declining ? t('decline') : t(`button.${approval.action}`)}
          </button>
          <button
            type="button"
            className="button button-secondary button-large"
            disabled={approve.isPending}
            onClick={() => {
              setDeclining(!declining);
              setRemarksMissing(false);
              approve.reset();
            }}
          >
            {declining ? t('back') : t('declineOpen')}
          </button>
        </div>
      </form>
    </>
  );
}

/** Whether the caller's approval completed the transfer (the carrier side had approved), read from the answer. */
function transferCompleted({ approval, document }: Recorded): boolean {
  if (approval.action === 'COLLECTION') return document.status !== 'ISSUED';
  if (approval.action === 'DELIVERY') return document.status === 'DELIVERED';
  return document.custody?.roleId === approval.counterPartyRoleId;
}

function ApprovalRecorded({ recorded }: { recorded: Recorded }) {
  const t = useTranslations('portal.approve');
  const label = useEnumLabel();
  const clock = useLocalTime();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  const time = clock(recorded.at, { style: 'clock' });
  return (
    <section className={`panel tablet-panel ${recorded.declined ? '' : 'panel-success'} handover-done`} role="status" data-testid="approve-done">
      <h1 ref={heading} tabIndex={-1}>
        {recorded.declined ? t('declinedTitle', { time }) : t(`done.${recorded.approval.action}`, { time })}
      </h1>
      <p>
        {recorded.declined
          ? t('declinedText')
          : transferCompleted(recorded)
            ? t('statusNow', { status: label('status', recorded.document.status) })
            : t(`pending.${recorded.approval.action}`)}
      </p>
      <p>
        <Link className="button button-secondary button-large" href={`/documents/${encodeURIComponent(recorded.document.freightDocumentId)}`}>
          {t('toDocument')}
        </Link>
      </p>
    </section>
  );
}
