'use client';
import type { ReactNode } from 'react';
import { useHydrated } from '@/components/forms/use-hydrated';

/** 25 digits as five groups of five, easy to read out and to type. */
export function groupDigits(code: string): string[] {
  return code.match(/.{1,5}/g) ?? [];
}

/** A two-factor code (contract §8) shown large, in groups of five; `data-code` keeps the digits for tests. */
export function GroupedCode({ code, testId, labelledBy }: { code: string; testId: string; labelledBy?: string }) {
  return (
    <p className="challenge-code" aria-labelledby={labelledBy} data-testid={testId} data-code={code}>
      {groupDigits(code).map((group, index) => (
        <span key={index} className="code-group">
          {group}
        </span>
      ))}
    </p>
  );
}

/** The digits of what was typed or pasted (spaces, dashes and line breaks dropped), at most 25. */
export function codeDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 25);
}

/**
 * A 25-digit code typed in: grouped 5×5 as typed, pasted codes with spaces taken as they are, a numeric keypad,
 * and a hint that counts the digits ("12 of 25 digits") before anything is checked. `value` is the digits only.
 */
export function CodeField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (digits: string) => void;
  hint: string;
  error?: ReactNode;
  /** Counts the tries: the same message after another try is a new alert, announced again (issue 31 item 4). */
  attempt?: number;
}) {
  const { id, error } = props;
  // Digits typed before React takes over the field would be in the box but not in the page's state (seen under
  // load): the field accepts typing once it is live.
  const hydrated = useHydrated();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="input input-large input-code"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        readOnly={!hydrated}
        value={groupDigits(props.value).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => props.onChange(codeDigits(event.target.value))}
      />
      <p id={`${id}-hint`} className="hint" aria-live="polite">
        {props.hint}
      </p>
      {error ? (
        <p key={props.attempt} id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
