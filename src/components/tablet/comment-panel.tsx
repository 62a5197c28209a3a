'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OutboxBody, OutboxEntry } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { photoAttachments } from './photo-field';
import { TextAndPhotoForm, useTextAndPhotoDraft } from './text-and-photo-form';

/** A comment on the hand-over, with a photo from the tablet's camera (contract §7; it feeds the TFA codes). */
export function CommentPanel(props: { previousCommits: string[]; entries: OutboxEntry[]; submit: (body: OutboxBody<'comment'>) => string }) {
  const t = useTranslations('tablet.comment');
  const draft = useTextAndPhotoDraft();
  const { text, photo } = draft;
  const [key, setKey] = useState<string>();
  const state = entryState(props.entries, key);

  // What was typed stays until the server has it; then the form is ready for the next comment.
  if (state === 'sent') {
    draft.clear();
    setKey(undefined);
  }

  return (
    <section className="panel tablet-panel" aria-labelledby="comment-title">
      <h2 id="comment-title">{t('title')}</h2>
      <TextAndPhotoForm
        idPrefix="comment"
        labels={{ text: t('text'), photo: t('photo'), submit: t('send') }}
        photoTexts={{ failed: t('photoFailed'), previewAlt: t('photoPreview') }}
        draft={draft}
        submitDisabled={(!text.trim() && !photo) || state === 'sending'}
        onSubmit={() => {
          if (!text.trim() && !photo) return;
          setKey(
            props.submit({
              previousCommits: props.previousCommits,
              ...(text.trim() ? { text: text.trim() } : {}),
              ...photoAttachments(photo),
            }),
          );
        }}
      />
    </section>
  );
}
