import { open } from '@/server/crypto/secret-box';
import { fail } from '@/server/errors';
import { inTransaction, type ServiceContext } from '../context';
import { verifyCredentials } from '../accounts/verify-credentials';
import { ACCOUNT_SECRET_PURPOSE } from '../accounts/create-account';
import type { OAuthClient } from './authenticate-client';
import { checkScope } from './check-scope';
import { createTokenFamily, issueTokens } from './tokens';

/** Resource-owner password grant (spec §5.2): tokens plus the account's accountSecret. */
export async function grantPassword({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { client: OAuthClient; username?: string; password?: string; scope?: string };
}) {
  if (!input.username) fail('2.1', 'username', { oauthError: 'invalid_request' });
  if (!input.password) fail('2.1', 'password', { oauthError: 'invalid_request' });
  const scope = checkScope(ctx, input.scope);
  // A 1.7 from here answers 400 invalid_grant at the token endpoint: the catalogue's rule, not this service's.
  const account = await verifyCredentials({ ctx, input: { username: input.username, password: input.password } });
  const tokens = await inTransaction(ctx, async (tx) => {
    const familyId = await createTokenFamily(tx, { clientId: input.client.clientId, accountId: account.id, grantType: 'password' });
    return issueTokens(ctx, tx, familyId);
  });
  return { ...tokens, scope, accountSecret: open(account.accountSecretEncrypted, ctx.appSecret, ACCOUNT_SECRET_PURPOSE) };
}
