'use client';
import { useEffect, useRef } from 'react';

/**
 * The name of the person who signs, on the tablet's sign-on-glass panel and the hand-over link's phone page, with
 * its "name missing" message, which goes once a name is typed.
 */
export function SignerNameField(props: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** Called when a name is typed while the message shows: a stale message reads as a new refusal. */
  onErrorFixed: () => void;
  /** `name` on the signer's own phone; `off` on the carrier's tablet, on which many people sign. */
  autoComplete: 'name' | 'off';
  /** The message when the name is missing, shown under the field and announced; none while the field is fine. */
  error?: string;
  /**
   * Counts the signer's tries: each try with the name still missing brings the field back into view and announces
   * the message again (issue 31 item 4: the second missing name was left off-screen and silent).
   */
  attempt: number;
}) {
  const { error, attempt } = props;
  const field = useRef<HTMLDivElement>(null);
  // The send button is below the signature box: a missing name is shown where the signer is, ready to type.
  useEffect(() => {
    if (!error) return;
    field.current?.scrollIntoView({ block: 'center' });
    field.current?.querySelector('input')?.focus({ preventScroll: true });
  }, [error, attempt]);
  return (
    <div ref={field} className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor="signer-name">{props.label}</label>
      <input
        id="signer-name"
        className="input input-large"
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'signer-name-error' : undefined}
        onChange={(event) => {
          props.onChange(event.target.value);
          if (error && event.target.value.trim()) props.onErrorFixed();
        }}
      />
      {error ? (
        <p key={attempt} id="signer-name-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
