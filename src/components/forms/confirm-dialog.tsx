'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import type { FieldError } from '@/components/forms/errors';
import { FormErrors } from '@/components/delegation/text-field';

interface ConfirmDialogProps {
  /** Prefix of the dialog's element ids (title and text), unique on the page. */
  id: string;
  title: ReactNode;
  titleClassName?: string;
  text: ReactNode;
  errors: readonly FieldError[];
  errorsTitle: string;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** What else the person should know before confirming, below the text. */
  children?: ReactNode;
}

/**
 * Asks before something that cannot be undone (revoking a delegation, deleting a subscription). Modal while it
 * is mounted; the safe answer has the focus, Escape and "keep" close it, the danger button says when it runs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { id, pending, onClose, onConfirm } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    keep.current?.focus();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={onClose}>
      <h2 id={`${id}-title`} className={props.titleClassName}>
        {props.title}
      </h2>
      <FormErrors errors={props.errors} title={props.errorsTitle} />
      <p id={`${id}-text`}>{props.text}</p>
      {props.children}
      <div className="actions">
        <button type="button" ref={keep} className="button button-secondary" onClick={() => dialog.current?.close()} disabled={pending}>
          {props.keepLabel}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {props.pendingLabel}
            </>
          ) : (
            props.confirmLabel
          )}
        </button>
      </div>
    </dialog>
  );
}
