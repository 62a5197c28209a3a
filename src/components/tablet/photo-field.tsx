'use client';
import { useState } from 'react';
import { photoToBase64 } from './photo';

export type Photo = { content: string; mimeType: string; name: string };

/**
 * A photo from the tablet's camera with its preview, as the comment panel takes it (photo.ts makes it small).
 * `round` renders a new input after each send: a file input cannot be emptied by state.
 */
export function PhotoField(props: {
  id: string;
  label: string;
  failed: string;
  previewAlt: string;
  photo?: Photo;
  round: number;
  onChange: (photo?: Photo) => void;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        key={props.round}
        id={props.id}
        className="input input-large"
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          setFailed(false);
          if (!file) return props.onChange(undefined);
          try {
            props.onChange(await photoToBase64(file));
          } catch {
            setFailed(true);
          }
        }}
      />
      {failed ? (
        <p className="field-error" role="alert">
          {props.failed}
        </p>
      ) : null}
      {props.photo ? (
        // eslint-disable-next-line @next/next/no-img-element -- a local data URL preview, nothing to optimise
        <img className="photo-preview" src={`data:${props.photo.mimeType};base64,${props.photo.content}`} alt={props.previewAlt} />
      ) : null}
    </div>
  );
}

/** The attachment list of a comment or impediment body for one photo. */
export const photoAttachments = (photo?: Photo) =>
  photo ? { attachments: [{ content: photo.content, mimeType: photo.mimeType, name: photo.name, originalFileName: photo.name }] } : {};
