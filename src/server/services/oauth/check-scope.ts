import type { AppConfig } from '@/server/config/env';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

/**
 * Whether a requested `scope` names the service scope (contract §2): omitted, `OAUTH_SCOPE`, or one of
 * `OAUTH_SCOPE_ALIASES` (clients written for the commercial service ask for its own name). A space-separated
 * list passes when every entry does.
 */
export function isAcceptedScope(config: AppConfig, scope: string | undefined): boolean {
  const requested = (scope ?? '').split(/\s+/).filter(Boolean);
  const accepted = new Set([config.OAUTH_SCOPE, ...config.OAUTH_SCOPE_ALIASES]);
  return requested.every((item) => accepted.has(item));
}

/** The scope a token response carries: the one requested, else `OAUTH_SCOPE`. Any other name is 1.13. */
export function checkScope(ctx: ServiceContext, scope: string | undefined): string {
  if (!isAcceptedScope(ctx.config, scope)) {
    fail('1.13', 'scope', { oauthError: 'invalid_scope', description: `The only scope is "${ctx.config.OAUTH_SCOPE}".` });
  }
  return scope?.trim() || ctx.config.OAUTH_SCOPE;
}
