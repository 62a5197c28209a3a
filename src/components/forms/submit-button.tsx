interface SubmitButtonProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
  /** Forms with more than one submit button tell them apart by name/value (the event's submitter). */
  name?: string;
  value?: string;
  /** Disabled for another reason than a running request (for example while another button's request runs). */
  disabled?: boolean;
  /** An explanation, for example of why the button is disabled. */
  describedBy?: string;
}

/** A submit button that says what it is doing while the request runs, and cannot be pressed twice. */
export function SubmitButton({ pending, label, pendingLabel, variant = 'primary', name, value, disabled, describedBy }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`button button-${variant}`}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      aria-describedby={describedBy}
    >
      {pending ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
