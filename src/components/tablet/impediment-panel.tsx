'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RadioChoices } from '@/components/forms/radio-choices';
import { IMPEDIMENT_KINDS, type ImpedimentKind } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { OutboxEntry, Submit } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { photoAttachments } from './photo-field';
import { TextAndPhotoForm, useTextAndPhotoDraft } from './text-and-photo-form';
import '@/components/legal/legal.css';

/**
 * The driver reports that carriage or delivery became impossible (CMR art. 14, 15), with a photo; the holders of
 * the right of disposal are told and may answer with an instruction. Shown when `allowedActions` has
 * REPORT_IMPEDIMENT; closed until asked for, so it does not crowd the hand-over.
 */
export function ImpedimentPanel(props: { document: FreightDocumentResponse; entries: OutboxEntry[]; submit: Submit }) {
  const { document } = props;
  const t = useTranslations('legal');
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ImpedimentKind>('DELIVERY_PREVENTED');
  const draft = useTextAndPhotoDraft();
  const { text, photo } = draft;
  const [key, setKey] = useState<string>();
  const state = entryState(props.entries, key);
  if ((state === 'sent' || state === 'waiting') && key) {
    draft.clear();
    setKey(undefined);
    setOpen(false);
  }
  if (!document.allowedActions.includes('REPORT_IMPEDIMENT')) return null;

  return (
    <section className="panel tablet-panel" aria-labelledby="impediment-title" data-testid="impediment-panel">
      <h2 id="impediment-title">{t('impediments.title')}</h2>
      {!open ? (
        <button type="button" className="button button-secondary button-large" onClick={() => setOpen(true)}>
          {t('impediments.report')}
        </button>
      ) : (
        <TextAndPhotoForm
          idPrefix="impediment"
          labels={{ text: t('impediments.text'), photo: t('impediments.photo'), submit: t('impediments.submit') }}
          photoTexts={{ failed: t('tablet.photoFailed'), previewAlt: t('tablet.photoPreview') }}
          draft={draft}
          textRequired
          submitDisabled={!text.trim() || state === 'sending'}
          onSubmit={() => {
            if (!text.trim() || state === 'sending') return;
            setKey(props.submit('impediment', { kind, text: text.trim(), previousCommits: document.previousCommits, ...photoAttachments(photo) }));
          }}
          moreActions={
            <button type="button" className="button button-secondary button-large" onClick={() => setOpen(false)}>
              {t('give.cancel')}
            </button>
          }
        >
          <RadioChoices
            name="impediment-kind"
            legend={t('impediments.kind')}
            values={IMPEDIMENT_KINDS}
            value={kind}
            onChange={setKind}
            labelOf={(candidate) => t(`impedimentKind.${candidate}`)}
            large
          />
        </TextAndPhotoForm>
      )}
    </section>
  );
}
