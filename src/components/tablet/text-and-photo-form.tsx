'use client';
import { useState, type ReactNode } from 'react';
import { PhotoField, type Photo } from './photo-field';

/** What a TextAndPhotoForm holds, kept by its parent: it empties the form once the outbox has the entry. */
export function useTextAndPhotoDraft() {
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<Photo>();
  // A file input cannot be emptied by state: a new one is rendered after each entry sent.
  const [round, setRound] = useState(0);
  const clear = () => {
    setText('');
    setPhoto(undefined);
    setRound(round + 1);
  };
  return { text, setText, photo, setPhoto, round, clear };
}

export type TextAndPhotoDraft = ReturnType<typeof useTextAndPhotoDraft>;

/**
 * The frame of the tablet's comment, impediment and reservation forms: a text, a photo from the camera and the send
 * button, which the parent disables while its entry is sending. The parent's own fields (what is wrong, which goods
 * lines) come in as children, above the text.
 */
export function TextAndPhotoForm(props: {
  /** The text's and the photo's ids are `<idPrefix>-text` and `<idPrefix>-photo`. */
  idPrefix: string;
  labels: { text: string; photo: string; submit: string };
  photoTexts: { failed: string; previewAlt: string };
  draft: TextAndPhotoDraft;
  textRequired?: boolean;
  /** What is wrong with the text, under it (the form also says it beside the button: `submitError`). */
  textError?: string;
  submitDisabled: boolean;
  /** What stops the form, beside the send button where the finger is (issue 31 item 4), announced. */
  submitError?: ReactNode;
  /** Called with the browser's submit already prevented. */
  onSubmit: () => void;
  children?: ReactNode;
  /** Buttons after the send button, such as a cancel. */
  moreActions?: ReactNode;
}) {
  const { idPrefix, labels, draft } = props;
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <div className="field">
        <label htmlFor={`${idPrefix}-text`}>{labels.text}</label>
        <textarea
          id={`${idPrefix}-text`}
          className="input input-large"
          rows={3}
          required={props.textRequired}
          aria-invalid={props.textError ? true : undefined}
          aria-describedby={props.textError ? `${idPrefix}-text-error` : undefined}
          value={draft.text}
          onChange={(event) => draft.setText(event.target.value)}
        />
        {props.textError ? (
          <p className="field-error" id={`${idPrefix}-text-error`}>
            {props.textError}
          </p>
        ) : null}
      </div>
      <PhotoField
        id={`${idPrefix}-photo`}
        label={labels.photo}
        failed={props.photoTexts.failed}
        previewAlt={props.photoTexts.previewAlt}
        photo={draft.photo}
        round={draft.round}
        onChange={draft.setPhoto}
      />
      <div className="actions">
        <button type="submit" className="button button-primary button-large" disabled={props.submitDisabled}>
          {labels.submit}
        </button>
        {props.moreActions}
      </div>
      {props.submitError}
    </form>
  );
}
