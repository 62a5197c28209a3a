'use client';
import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import { useWhen } from '@/components/legal/legal-bits';
import type { ApprovalResponse, CommentResponse, FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useAttachmentImage } from './tablet-data';
import { transferCountry } from './transfer-bits';
import './tablet.css';

type Event =
  | { kind: 'approval'; at: string; approval: ApprovalResponse }
  | { kind: 'comment'; at: string; comment: CommentResponse }
  | { kind: 'status'; at: string; status: string; commitId: string }
  | { kind: 'legal'; at: string; id: string; title: string; text?: string; by?: string };

/** An image of the document (a signature, a photo), for readers the access rules let see it; else a word why not. */
function StoredImage({ freightDocumentId, attachmentId, alt }: { freightDocumentId: string; attachmentId: string; alt: string }) {
  const t = useTranslations('tablet.timeline');
  const image = useAttachmentImage(freightDocumentId, attachmentId);
  if (image.isPending) return <span className="hint">{t('imageLoading')}</span>;
  if (image.isError) return <span className="hint">{t('imageSealed')}</span>;
  // eslint-disable-next-line @next/next/no-img-element -- a stored image as a data URL; nothing for next/image to optimise
  return <img className="timeline-image" src={`data:${image.data.mimeType};base64,${image.data.contentBase64}`} alt={alt} />;
}

function ApprovalEvent({ document, approval }: { document: FreightDocumentResponse; approval: ApprovalResponse }) {
  const t = useTranslations('tablet.timeline');
  const label = useEnumLabel();
  const who = approval.signedOnGlassBy?.name ?? approval.account?.name ?? (approval.type === 'IMPLICIT' ? t('implicitWho') : '—');
  const recorder = approval.submittedBy.name && approval.submittedBy.accountId !== approval.account?.accountId ? approval.submittedBy.name : null;
  return (
    <>
      <p className="timeline-title">
        {t(approval.declined ? 'declined' : 'approved', { transfer: t(`transfer.${approval.action}`), type: t(`types.${approval.type}`) })}
      </p>
      <dl className="timeline-facts">
        <div>
          <dt>{t('who')}</dt>
          <dd>
            {who} <span className="hint-inline">({label('role', approval.role)})</span>
            {recorder ? <span className="hint-inline"> {t('recordedBy', { name: recorder })}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('when')}</dt>
          <dd>
            <DateTime value={approval.createDateTimeClient ?? approval.createDateTimeServer} countryCode={transferCountry(document, approval.action)} />
          </dd>
        </div>
        {approval.place || approval.location ? (
          <div>
            <dt>{t('where')}</dt>
            <dd>
              {approval.place ?? ''}
              {approval.location ? <span className="hint-inline"> {`${approval.location.latitude}, ${approval.location.longitude}`}</span> : null}
            </dd>
          </div>
        ) : null}
        {approval.remarks ? (
          <div>
            <dt>{t('remarks')}</dt>
            <dd>{approval.remarks}</dd>
          </div>
        ) : null}
      </dl>
      {approval.attachmentId ? (
        <StoredImage freightDocumentId={document.freightDocumentId} attachmentId={approval.attachmentId} alt={t('signatureOf', { name: who })} />
      ) : null}
    </>
  );
}

function CommentEvent({ document, comment }: { document: FreightDocumentResponse; comment: CommentResponse }) {
  const t = useTranslations('tablet.timeline');
  const legal = useTranslations('legal');
  const when = useWhen();
  const name = comment.account?.name ?? comment.submittedBy.name ?? '—';
  // A reservation is named as what it is (issue 31 item 6): "Reservation at taking over: Damage".
  const title = comment.reservation
    ? t('reservation', { stage: t(`stage.${comment.reservation.stage}`), kind: legal(`reservationKind.${comment.reservation.kind}`) })
    : t('comment', { name });
  return (
    <>
      <p className="timeline-title">{title}</p>
      {comment.reservation ? <p className="hint">{t('by', { name })}</p> : null}
      {comment.reservation?.withdrawn ? (
        <p className="legal-warning" data-testid="timeline-withdrawn">
          {legal('reservations.withdrawnBy', {
            name: comment.reservation.withdrawn.by.name ?? comment.reservation.withdrawn.by.accountNumber ?? '—',
            time: when(comment.reservation.withdrawn.at),
          })}
        </p>
      ) : null}
      {comment.text ? <p className="timeline-text">{comment.text}</p> : null}
      <p className="hint">
        <DateTime value={comment.createDateTimeClient ?? comment.createDateTimeServer} />
      </p>
      {comment.attachments
        .filter((file) => file.mimeType.startsWith('image/'))
        .map((file) => (
          <StoredImage key={file.attachmentId} freightDocumentId={document.freightDocumentId} attachmentId={file.attachmentId} alt={t('photo')} />
        ))}
    </>
  );
}

/** The transfer a status move happens at: its time is that place's, like the approvals' (decision 0027). */
const STATUS_AT: Partial<Record<string, ApprovalResponse['action']>> = { TRANSIT: 'COLLECTION', DELIVERED: 'DELIVERY' };

/**
 * The status timeline of a document (issue 9 part 4), on the tablet and the portal's document view: each approval
 * with its type, who, when, where and the signature image, the comments with their photos, and the status moves.
 */
export function TransferTimeline({ document, headingLevel = 2 }: { document: FreightDocumentResponse; headingLevel?: 2 | 3 }) {
  const t = useTranslations('tablet.timeline');
  const legal = useTranslations('legal');
  const label = useEnumLabel();
  const actor = (who: { name: string | null; accountNumber: string | null; role: string }) => who.name ?? who.accountNumber ?? label('role', who.role);
  // The legal events of contract §14, each named as what it is (issue 31 item 6).
  const legalEvents: Event[] = [
    ...(document.impediments ?? []).map((impediment): Event => ({
      kind: 'legal',
      at: impediment.createDateTimeServer,
      id: impediment.impedimentId,
      title: t('impediment', { kind: legal(`impedimentKind.${impediment.kind}`) }),
      text: impediment.text,
      by: actor(impediment.reportedBy),
    })),
    // A withdrawal is an event of its own; the reservation stays at its place in the timeline, marked withdrawn.
    ...(document.comments ?? []).flatMap((comment): Event[] =>
      comment.reservation?.withdrawn
        ? [
            {
              kind: 'legal',
              at: comment.reservation.withdrawn.at,
              id: `${comment.commentId}-withdrawn`,
              title: t('reservationWithdrawn', { kind: legal(`reservationKind.${comment.reservation.kind}`) }),
              text: comment.text ?? undefined,
              by: comment.reservation.withdrawn.by.name ?? comment.reservation.withdrawn.by.accountNumber ?? undefined,
            },
          ]
        : [],
    ),
    ...(document.instructions ?? []).flatMap((instruction): Event[] => [
      {
        kind: 'legal',
        at: instruction.createDateTimeServer,
        id: instruction.instructionId,
        title: t('instruction', { kind: legal(`instructionKind.${instruction.kind}`) }),
        text: instruction.text,
        by: actor(instruction.givenBy),
      },
      ...(instruction.response
        ? [
            {
              kind: 'legal' as const,
              at: instruction.response.createDateTimeServer,
              id: `${instruction.instructionId}-answer`,
              title: t(instruction.response.accepted ? 'instructionAccepted' : 'instructionRefused', { kind: legal(`instructionKind.${instruction.kind}`) }),
              text: instruction.response.reason,
              by: actor(instruction.response.answeredBy),
            },
          ]
        : []),
    ]),
    ...(document.cashOnDelivery
      ? [
          {
            kind: 'legal' as const,
            at: document.cashOnDelivery.createDateTimeServer,
            id: 'cash-on-delivery',
            title: t('cash'),
            by: actor(document.cashOnDelivery.recordedBy),
          },
        ]
      : []),
  ];
  const events: Event[] = [
    ...legalEvents,
    ...(document.approvals ?? []).map((approval): Event => ({ kind: 'approval', at: approval.createDateTimeServer, approval })),
    ...(document.comments ?? []).map((comment): Event => ({ kind: 'comment', at: comment.createDateTimeServer, comment })),
    ...(document.updates ?? [])
      .filter((update) => update.newFreightDocumentStatus)
      .map((update): Event => ({ kind: 'status', at: update.createDateTimeServer, status: update.newFreightDocumentStatus!, commitId: update.commitId })),
  ].sort((a, b) => a.at.localeCompare(b.at) || (a.kind === 'status' ? 1 : 0) - (b.kind === 'status' ? 1 : 0));
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="panel tablet-panel" aria-labelledby="timeline-title">
      <Heading id="timeline-title">{t('title')}</Heading>
      {events.length === 0 ? (
        <p className="hint">{t('empty')}</p>
      ) : (
        <ol className="timeline" data-testid="timeline">
          {events.map((event) => (
            <li
              key={
                event.kind === 'approval'
                  ? event.approval.approvalId
                  : event.kind === 'comment'
                    ? event.comment.commentId
                    : event.kind === 'legal'
                      ? event.id
                      : `status-${event.commitId}`
              }
              className={`timeline-event timeline-${event.kind}`}
            >
              {event.kind === 'approval' ? (
                <ApprovalEvent document={document} approval={event.approval} />
              ) : event.kind === 'comment' ? (
                <CommentEvent document={document} comment={event.comment} />
              ) : event.kind === 'legal' ? (
                <>
                  <p className="timeline-title">{event.title}</p>
                  {event.text ? <p className="timeline-text">{event.text}</p> : null}
                  <p className="hint">
                    {event.by ? `${t('by', { name: event.by })} · ` : ''}
                    <DateTime value={event.at} />
                  </p>
                </>
              ) : (
                <p className="timeline-title">
                  {t('status', { status: label('status', event.status) })}{' '}
                  <DateTime value={event.at} countryCode={transferCountry(document, STATUS_AT[event.status])} />
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
