import { CODE_LENGTH, isVerhoeffValid, responseCode } from '@/lib/domain/tfa';
import type { OfflineCodeKit } from '@/lib/schemas/tablet';
import { offlineDb } from './db';

/**
 * The phone page's codes offline (issue 21, contract §8). The kit (the account's secret, s2 and s3 of its open
 * transfers) is kept in IndexedDB encrypted with AES-GCM under a key made on this device as non-extractable: the
 * key object is stored too (IndexedDB keeps CryptoKeys as they are), but its bytes can never be read out, so a copy
 * of the database alone is of no use. Both go at sign-out (forgetAccountData).
 */
const KEY = 'respondKey';
const KIT = 'respondKit';

async function deviceKey(): Promise<CryptoKey | undefined> {
  const db = offlineDb();
  if (!db || !crypto.subtle) return undefined;
  const kept = (await db.deviceKeys.get(KEY))?.value as CryptoKey | undefined;
  if (kept) return kept;
  const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await db.deviceKeys.put({ name: KEY, value: made });
  return made;
}

export async function keepKit(kit: OfflineCodeKit): Promise<boolean> {
  const key = await deviceKey();
  if (!key) return false;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(kit)));
  await offlineDb()!.deviceKeys.put({ name: KIT, value: { iv, data, issuedAt: kit.issuedAt } });
  return true;
}

export async function readKit(): Promise<OfflineCodeKit | undefined> {
  const db = offlineDb();
  const stored = (await db?.deviceKeys.get(KIT))?.value as { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer } | undefined;
  const key = (await db?.deviceKeys.get(KEY))?.value as CryptoKey | undefined;
  if (!stored || !key) return undefined;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: stored.iv }, key, stored.data);
    return JSON.parse(new TextDecoder().decode(plain)) as OfflineCodeKit;
  } catch {
    return undefined;
  }
}

/**
 * The response code to a challenge from the kit, as the server computes it (version 2): the challenge names the
 * document (its service number) and the transfer (its s3). Undefined when the kit has no such transfer.
 */
export function responseFromKit(kit: OfflineCodeKit, challenge: string) {
  if (challenge.length !== CODE_LENGTH || !/^\d+$/.test(challenge) || !isVerhoeffValid(challenge)) return undefined;
  const serviceNumber = challenge.slice(5, 17);
  const s3 = challenge.slice(21, 24);
  const transfer = kit.transfers.find((candidate) => candidate.serviceNumber === serviceNumber && candidate.s3.padStart(3, '0') === s3);
  if (!transfer) return undefined;
  return {
    responseCode: responseCode({ challenge, action: transfer.action, accountNumber: kit.accountNumber, s2: transfer.s2, accountSecret: kit.accountSecret }),
    freightDocumentId: transfer.freightDocumentId,
    serviceNumber,
    action: transfer.action,
    // Offline the phone cannot know the comments the server has: the tablet's challenge is taken as it is.
    commentsMatch: true,
  };
}
