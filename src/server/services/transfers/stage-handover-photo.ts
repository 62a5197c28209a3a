import { count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  handoverPhotoInput,
  MAX_PAGE_RESERVATION_PHOTOS,
  MAX_PAGE_RESERVATIONS,
  type HandoverPhotoInput,
  type HandoverPhotoResult,
} from '@/lib/schemas/handover';
import { handoverLinkPhotos } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import type { ServiceContext } from '../context';
import { decodeAttachmentContent, MAX_IMAGE_BYTES } from '../document/attachment-content';
import { HEAD_BYTES, stageBytes, stagedFileOf } from '../document/staged-files';
import { handoverLinkState } from './handover-link-state';

/**
 * One photo of a reservation the counter party adds on the hand-over page (contract §7): sent on its own, so a phone
 * on a poor connection sends no request larger than one downscaled picture. Its bytes go to the blob store now (the
 * body gate may have streamed them there already); the confirmation records them on the reservation, with the full
 * attachment checks. A PNG or JPEG of at most 2 MiB (3.8); at most as many per link as the page can use (3.9).
 */
export async function stageHandoverPhoto({ ctx, input }: { ctx: ServiceContext; input: HandoverPhotoInput }): Promise<HandoverPhotoResult> {
  const photo = parseInput(handoverPhotoInput, input);
  const found = await handoverLinkState(ctx.db, photo.token, ctx.now());
  if (found.state !== 'OPEN') return { outcome: found.state };
  const [stored] = await ctx.db.select({ photos: count() }).from(handoverLinkPhotos).where(eq(handoverLinkPhotos.linkId, found.link.id));
  if ((stored?.photos ?? 0) >= MAX_PAGE_RESERVATIONS * MAX_PAGE_RESERVATION_PHOTOS) fail('3.9', 'content');
  const streamed = stagedFileOf(ctx, photo.content);
  const bytes = streamed ? undefined : decodeAttachmentContent(photo.content);
  const size = streamed?.size ?? bytes!.length;
  if (size === 0) fail('3.18', 'content');
  const type = await fileTypeFromBuffer((streamed?.head ?? bytes!).subarray(0, HEAD_BYTES));
  if (size > MAX_IMAGE_BYTES || (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png')) fail('3.8', 'content');
  const file = streamed ?? (await stageBytes(ctx, bytes!));
  const id = newId();
  await ctx.db.insert(handoverLinkPhotos).values({ id, linkId: found.link.id, digest: file.digest, size: file.size, createdAt: ctx.now() });
  return { outcome: 'STORED', photoId: id };
}
