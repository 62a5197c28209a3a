import 'server-only';
import { eq } from 'drizzle-orm';
import * as openpgp from 'openpgp';
import type { AppConfig } from '@/server/config/env';
import type { Database } from '@/server/db/client';
import { instanceSettings } from '@/server/db/schema';
import { open, seal } from '@/server/crypto/secret-box';

/** The key that signs PGP answers (contract §9) and its armored public half, published at /pgp/publickey. */
export interface SigningKey {
  privateKey: openpgp.PrivateKey;
  armoredPublicKey: string;
}

const SETTING_KEY = 'pgp_private_key';
const SEAL_PURPOSE = 'pgp-private-key';

const globalForKey = globalThis as unknown as { __fdsPgpKey?: Promise<SigningKey> };

/**
 * PGP_PRIVATE_KEY when configured (an unencrypted armored key). Otherwise a key made on first start and kept in
 * the database sealed under APP_SECRET: every instance on one database, and every restart, signs with the same key,
 * and a copy of the database alone does not give it away. Of two instances making one at once, the first insert
 * wins and both read it back.
 */
export function getSigningKey(db: Database, config: AppConfig, appSecret: string): Promise<SigningKey> {
  globalForKey.__fdsPgpKey ??= loadSigningKey(db, config, appSecret).catch((error: unknown) => {
    // A failed read (the database away) is tried again by the next caller instead of being remembered.
    globalForKey.__fdsPgpKey = undefined;
    throw error;
  });
  return globalForKey.__fdsPgpKey;
}

async function loadSigningKey(db: Database, config: AppConfig, appSecret: string): Promise<SigningKey> {
  const armored = config.PGP_PRIVATE_KEY ?? (await storedKey(db, appSecret));
  const privateKey = await openpgp.readPrivateKey({ armoredKey: armored.replace(/\\n/g, '\n') });
  if (!privateKey.isDecrypted()) throw new Error('PGP_PRIVATE_KEY must not be protected by a passphrase');
  return { privateKey, armoredPublicKey: privateKey.toPublic().armor() };
}

async function storedKey(db: Database, appSecret: string): Promise<string> {
  const existing = await readSetting(db);
  if (existing) return open(existing, appSecret, SEAL_PURPOSE);
  const { privateKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name: 'Freight Document Service' }],
    format: 'armored',
  });
  await db
    .insert(instanceSettings)
    .values({ key: SETTING_KEY, value: seal(privateKey, appSecret, SEAL_PURPOSE) })
    .onConflictDoNothing();
  const stored = await readSetting(db);
  if (!stored) throw new Error('PGP key missing after it was stored');
  return open(stored, appSecret, SEAL_PURPOSE);
}

async function readSetting(db: Database): Promise<string | undefined> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, SETTING_KEY));
  return row?.value;
}

/** An OpenPGP cleartext-signed message whose signed text is exactly `text` (contract §9). */
export async function signCleartext(text: string, key: SigningKey): Promise<string> {
  const message = await openpgp.createCleartextMessage({ text });
  return openpgp.sign({ message, signingKeys: key.privateKey });
}
