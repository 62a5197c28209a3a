'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OutboxEntry } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { photoToBase64 } from './photo';

/** A comment on the hand-over, with a photo from the tablet's camera (contract §7; it feeds the TFA codes). */
export function CommentPanel(props: { previousCommits: string[]; entries: OutboxEntry[]; submit: (body: Record<string, unknown>) => string }) {
  const t = useTranslations('tablet.comment');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<{ content: string; mimeType: string; name: string }>();
  const [photoError, setPhotoError] = useState(false);
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
              ...(photo ? { attachments: [{ content: photo.content, mimeType: photo.mimeType, name: photo.name, originalFileName: photo.name }] } : {}),
            }),
          );
        }}
      >
        <div className="field">
          <label htmlFor="comment-text">{t('text')}</label>
          <textarea id="comment-text" className="input input-large" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="comment-photo">{t('photo')}</label>
          <input
            key={round}
            id="comment-photo"
            className="input input-large"
            type="file"
            accept="image/jpeg,image/png"
            capture="environment"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setPhotoError(false);
              if (!file) return setPhoto(undefined);
              try {
                setPhoto(await photoToBase64(file));
              } catch {
                setPhotoError(true);
              }
            }}
          />
          {photoError ? <p className="field-error">{t('photoFailed')}</p> : null}
          {photo ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local data URL preview, nothing to optimise
            <img className="photo-preview" src={`data:${photo.mimeType};base64,${photo.content}`} alt={t('photoPreview')} />
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={(!text.trim() && !photo) || state === 'sending'}>
            {t('send')}
          </button>
        </div>
      </form>
    </section>
  );
}
