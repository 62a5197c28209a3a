'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OutboxEntry } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { PhotoField, photoAttachments, type Photo } from './photo-field';

/** A comment on the hand-over, with a photo from the tablet's camera (contract §7; it feeds the TFA codes). */
export function CommentPanel(props: { previousCommits: string[]; entries: OutboxEntry[]; submit: (body: Record<string, unknown>) => string }) {
  const t = useTranslations('tablet.comment');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<Photo>();
  const [key, setKey] = useState<string>();
  // A file input cannot be emptied by state: a new one is rendered after each comment sent.
  const [round, setRound] = useState(0);
  const state = entryState(props.entries, key);

  // What was typed stays until the server has it; then the form is ready for the next comment.
  if (state === 'sent') {
    setText('');
    setPhoto(undefined);
    setKey(undefined);
    setRound(round + 1);
  }

  return (
    <section className="panel tablet-panel" aria-labelledby="comment-title">
      <h2 id="comment-title">{t('title')}</h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim() && !photo) return;
          setKey(
            props.submit({
              previousCommits: props.previousCommits,
              ...(text.trim() ? { text: text.trim() } : {}),
              ...photoAttachments(photo),
            }),
          );
        }}
      >
        <div className="field">
          <label htmlFor="comment-text">{t('text')}</label>
          <textarea id="comment-text" className="input input-large" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <PhotoField
          id="comment-photo"
          label={t('photo')}
          failed={t('photoFailed')}
          previewAlt={t('photoPreview')}
          photo={photo}
          round={round}
          onChange={setPhoto}
        />
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={(!text.trim() && !photo) || state === 'sending'}>
            {t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}
