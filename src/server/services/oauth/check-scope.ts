import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

/** The only scope is the fixed service scope; a request may omit it (contract §2). */
export function checkScope(ctx: ServiceContext, scope: string | undefined) {
  if (scope === undefined || scope === '') return;
  const requested = scope.split(/\s+/).filter(Boolean);
  if (requested.length === 0 || requested.every((item) => item === ctx.config.OAUTH_SCOPE)) return;
  fail('1.13', 'scope', { oauthError: 'invalid_scope', description: `The only scope is "${ctx.config.OAUTH_SCOPE}".` });
}
