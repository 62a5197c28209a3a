import { CODE_LENGTH, isVerhoeffValid, responseCode } from '@/lib/domain/tfa';
import type { OfflineCodeKit } from '@/lib/schemas/tablet';

/**
 * The phone page's codes offline (issue 21, contract §8). The kit (the account's secret, s2 and s3 of its open
 * transfers) is kept by lib/offline/device-store.ts, encrypted, bound to the account that fetched it and for 12 hours.
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
