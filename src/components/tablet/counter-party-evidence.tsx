'use client';
import { useTranslations } from 'next-intl';
import type { ApprovalType } from '@/lib/domain/transfers';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import { ShownReservations, useShownToCounterParty } from './shown-to-counter-party';
import { SignaturePanel } from './signature-panel';
import { TfaPanel } from './tfa-panel';

/**
 * The counter party's approval taken on the tablet (a signature on the glass, a two-factor code, or none): first the
 * reservations it accepts, as the screen showed them, then the form. The approval names the heads shown (contract §14),
 * never newer ones the signer did not see; "Look again" starts the form over on the document as it is now. Keyed by
 * method by its parent, so another method is another screen shown.
 */
export function CounterPartyEvidence(props: {
  method: Exclude<ApprovalType, 'OWN'>;
  document: FreightDocumentResponse;
  transfer: HandOverTransfer;
  /** The comment texts the TFA challenge covers: the document's and those waiting in the outbox. */
  comments: string[];
  busy: boolean;
  onRecord: (evidence: Record<string, unknown> | undefined, previousCommits: string[]) => void;
}) {
  const { method, document, transfer, busy } = props;
  const t = useTranslations('tablet.approve');
  const state = useShownToCounterParty(document, transfer.action, props.comments);
  const { shown, version } = state;
  const record = (evidence?: Record<string, unknown>) => props.onRecord(evidence, shown.previousCommits);
  const s1 = transfer.secrets?.s1;
  if (method === 'TFA' && !s1) return <p className="hint">{t('noSecrets')}</p>;

  return (
    <div className="counter-party-evidence" data-testid="counter-party-screen">
      <ShownReservations state={state} code={method === 'TFA'} />
      {method === 'SIGN_ON_GLASS' ? (
        <SignaturePanel
          key={version}
          busy={busy}
          onSign={({ name, email, png }) =>
            record({
              signedOnGlassBy: { name, ...(email ? { email } : {}) },
              attachments: [{ content: png, mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png' }],
            })
          }
        />
      ) : method === 'TFA' && s1 ? (
        <TfaPanel
          key={version}
          serviceNumber={document.serviceNumber}
          s1={s1}
          s3={transfer.secrets!.s3}
          comments={shown.comments}
          busy={busy}
          onConfirm={(responseCode) => record({ responseCode })}
        />
      ) : (
        <div className="form">
          <p>{t('implicitExplained')}</p>
          <div className="actions">
            <button type="button" className="button button-primary button-large" disabled={busy} onClick={() => record()}>
              {t('recordImplicit')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
