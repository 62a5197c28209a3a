'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AuthorizationRequest } from '@/lib/schemas/oauth';
import { useTRPC } from '@/lib/trpc/client';
import { errorsFromCall, useErrorMessage, type FieldError } from './forms/errors';
import { useHydrated } from './forms/use-hydrated';

/**
 * Allow / Deny on the consent page. The server decides (tRPC `oauth.decide`) and answers where the browser
 * goes: the client's registered redirect URI with a code, or with error=access_denied.
 */
export function ConsentForm({ request }: { request: AuthorizationRequest }) {
  const t = useTranslations('consent');
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  const decide = useMutation(trpc.oauth.decide.mutationOptions());
  const [choice, setChoice] = useState<'allow' | 'deny' | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  // Stays true after success while the browser leaves the page, so nothing can be pressed twice.
  const busy = choice !== null;
  // The answer goes through tRPC: before hydration a press would be lost, so the buttons wait for it.
  const hydrated = useHydrated();

  function answer(approve: boolean) {
    if (busy) return;
    setChoice(approve ? 'allow' : 'deny');
    setErrors([]);
    decide.mutate(
      { request, approve },
      {
        onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
        onError: (error) => {
          setErrors(errorsFromCall(error));
          setChoice(null);
        },
      },
    );
  }

  return (
    <div>
      {errors.length > 0 ? (
        <div className="error-summary" role="alert">
          <h2>{t('failedTitle')}</h2>
          <ul>
            {errors.map((error) => (
              <li key={`${error.code}|${error.field ?? ''}`}>{messageFor(error)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || !hydrated}
          aria-busy={choice === 'allow' || undefined}
          onClick={() => answer(true)}
        >
          {choice === 'allow' ? t('allowing') : t('allow')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || !hydrated}
          aria-busy={choice === 'deny' || undefined}
          onClick={() => answer(false)}
        >
          {choice === 'deny' ? t('denying') : t('deny')}
        </button>
      </div>
    </div>
  );
}
