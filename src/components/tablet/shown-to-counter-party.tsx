'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { AcceptingReservations } from '@/components/legal/accepting-reservations';
import { STAGE_OF_TRANSFER } from '@/lib/domain/legal-events';
import type { TransferAction } from '@/lib/domain/transfers';
import { handoverFactsOf } from '@/lib/handover/facts';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandoverReservation } from '@/lib/schemas/handover';

/** What the counter party's screen showed: the heads, the reservations its approval accepts, the comments its code covers. */
export interface Shown {
  previousCommits: string[];
  reservations: HandoverReservation[];
  reservationIds: string[];
  comments: string[];
}

function shownOf(document: FreightDocumentResponse, action: TransferAction, comments: string[]): Shown {
  const stage = STAGE_OF_TRANSFER[action];
  return {
    previousCommits: document.previousCommits,
    // The same reservations, in the same order, as the phone page and the portal's approval list (handoverFactsOf).
    reservations: handoverFactsOf(action, document).reservations,
    reservationIds: (document.comments ?? []).flatMap((comment) =>
      comment.reservation?.stage === stage && !comment.reservation.withdrawn ? [comment.commentId] : [],
    ),
    comments,
  };
}

/**
 * The counter party's screen on the tablet (sign on glass, TFA, implicit) holds on to what it showed when it opened
 * (contract §14, issue 32 item 5): the approval sends those heads, so it accepts exactly the reservations listed, and
 * the TFA challenge stays the one shown. The open screen still learns of changes (the heads watch reloads the
 * document): a reservation recorded or withdrawn since, or a comment that changes the code, is said here, and "Look
 * again" shows the document as it is now — the caller keys its form by `version`, so the signature or code starts over.
 */
export function useShownToCounterParty(document: FreightDocumentResponse, action: TransferAction, comments: string[]) {
  const live = shownOf(document, action, comments);
  const [state, setState] = useState(() => ({ shown: live, version: 0 }));
  const { shown, version } = state;
  const byId = new Map((document.comments ?? []).map((comment) => [comment.commentId, comment]));
  const arrived = live.reservationIds.filter((id) => !shown.reservationIds.includes(id)).flatMap((id) => byId.get(id) ?? []);
  const gone = shown.reservationIds.filter((id) => !live.reservationIds.includes(id)).flatMap((id) => byId.get(id) ?? []);
  const commentsChanged = live.comments.length !== shown.comments.length || live.comments.some((text, index) => text !== shown.comments[index]);
  return { shown, version, arrived, gone, commentsChanged, lookAgain: () => setState({ shown: live, version: version + 1 }) };
}

export type ShownState = ReturnType<typeof useShownToCounterParty>;

/** The reservations the approval accepts, and what changed since the screen was shown, with "Look again". */
export function ShownReservations({ state, code = false }: { state: ShownState; code?: boolean }) {
  const t = useTranslations('legal');
  const describe = (comments: typeof state.arrived) =>
    comments.map((comment) => `${t(`reservationKind.${comment.reservation!.kind}`)}${comment.text ? `: ${comment.text}` : ''}`).join('; ');
  const changed = state.arrived.length > 0 || state.gone.length > 0 || (code && state.commentsChanged);
  const notice = useRef<HTMLDivElement>(null);
  const what = `${state.arrived.length}/${state.gone.length}/${code && state.commentsChanged}`;
  // It comes while the signer looks at the form below it: brought into view, as every message of the tablet is.
  useEffect(() => {
    if (changed) notice.current?.scrollIntoView({ block: 'nearest' });
  }, [changed, what]);
  return (
    <>
      <AcceptingReservations reservations={state.shown.reservations} />
      {changed ? (
        <div ref={notice} className="legal-warning shown-changed" role="alert" data-testid="shown-changed">
          {state.arrived.length ? <p>{t('shown.arrived', { count: state.arrived.length, list: describe(state.arrived) })}</p> : null}
          {state.gone.length ? <p>{t('shown.withdrawn', { count: state.gone.length, list: describe(state.gone) })}</p> : null}
          {code && state.commentsChanged ? <p>{t('shown.codeChanged')}</p> : null}
          <button type="button" className="button button-primary button-large" onClick={state.lookAgain}>
            {t('shown.lookAgain')}
          </button>
        </div>
      ) : null}
    </>
  );
}
