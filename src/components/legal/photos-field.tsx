'use client';
import { useTranslations } from 'next-intl';
import { PhotoField, type Photo } from '@/components/tablet/photo-field';

const MAX_PHOTOS = 3;

/**
 * Up to three camera photos of a reservation, each with its preview and a button to remove it (issue 34): the counter
 * party's reservation before it confirms and the consignee's after-delivery and delay reservations take them alike.
 * `round` changes after each send, so the file input starts empty again (it cannot be emptied by state).
 */
export function PhotosField({ id, photos, round, onChange }: { id: string; photos: Photo[]; round: number; onChange: (photos: Photo[]) => void }) {
  const t = useTranslations('legal');
  return (
    <fieldset className="choice-list">
      <legend>{t('counterParty.photos')}</legend>
      {photos.map((photo, index) => (
        <div key={`${round}-${index}`} className="photo-taken">
          {/* eslint-disable-next-line @next/next/no-img-element -- a local data URL preview, nothing to optimise */}
          <img className="photo-preview" src={`data:${photo.mimeType};base64,${photo.content}`} alt={t('tablet.photoPreview')} />
          <button type="button" className="button button-secondary" onClick={() => onChange(photos.filter((_, other) => other !== index))}>
            {t('counterParty.removePhoto', { number: index + 1 })}
          </button>
        </div>
      ))}
      {photos.length < MAX_PHOTOS ? (
        <PhotoField
          id={id}
          label={t('tablet.photo')}
          failed={t('tablet.photoFailed')}
          previewAlt={t('tablet.photoPreview')}
          round={round * 10 + photos.length}
          onChange={(photo) => photo && onChange([...photos, photo])}
        />
      ) : null}
    </fieldset>
  );
}

/** The attachment list of a reservation comment's body for its photos (none: no `attachments` at all). */
export const photosAttachments = (photos: readonly Photo[]) =>
  photos.length
    ? { attachments: photos.map((photo) => ({ content: photo.content, mimeType: photo.mimeType, name: photo.name, originalFileName: photo.name })) }
    : {};
