import type { ServiceContext } from '../context';
import { getSigningKey } from '@/server/pgp/signing-key';

/** GET /pgp/publickey: the armored public key that checks every signed document (contract §9). */
export async function getPublicKey({ ctx }: { ctx: ServiceContext }): Promise<string> {
  return (await getSigningKey(ctx.db, ctx.config, ctx.appSecret)).armoredPublicKey;
}
