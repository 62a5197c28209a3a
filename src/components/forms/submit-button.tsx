interface SubmitButtonProps {
  pending: boolean;
  label: string;
  pendingLabel: string;
  variant?: 'primary' | 'secondary';
}

/** A submit button that says what it is doing while the request runs, and cannot be pressed twice. */
export function SubmitButton({ pending, label, pendingLabel, variant = 'primary' }: SubmitButtonProps) {
  return (
    <button type="submit" className={`button button-${variant}`} disabled={pending} aria-busy={pending || undefined}>
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
