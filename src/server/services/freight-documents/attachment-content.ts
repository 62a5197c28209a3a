import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { AttachmentInput } from '@/lib/schemas/freight-document';
import { errorItem, ServiceError, type ErrorItem } from '@/server/errors';
import { sha256Hex } from './snapshot';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Contract §1: the most pixels an image may have, so that decoding one (a PNG bomb) cannot take seconds and gigabytes. */
export const MAX_IMAGE_PIXELS = 25_000_000;
const ALLOWED = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** Width × height as the PNG or JPEG header declares it, read without decoding; undefined when there is none. */
function declaredPixels(content: Buffer): number | undefined {
  try {
    const { width, height } = imageSize(content);
    return width * height;
  } catch {
    return undefined;
  }
}

export interface PreparedAttachment {
  type: 'GOODS' | 'GENERAL' | 'COMMENT' | 'SIGNATURE';
  name: string | null;
  originalFileName: string;
  mimeType: string;
  sealed: boolean;
  content: Buffer;
}

/** The bytes of an attachment's base64 content (standard or URL-safe alphabet, whitespace ignored). */
export function decodeAttachmentContent(content: string): Buffer {
  return Buffer.from(content.replace(/\s+/g, ''), content.includes('-') || content.includes('_') ? 'base64url' : 'base64');
}

/**
 * Decodes and checks attachments (contract §10): empty content 3.18, a real type other than PDF, PNG or
 * JPEG 3.8 (the bytes decide, not the declared mimeType), an image of more than 25 million pixels (its header
 * says, before anything decodes it) 3.8, more than 10 MB per document or 2 MB of images in total 3.34. `existing` is what the document already holds.
 */
export async function prepareAttachments(
  inputs: (Omit<AttachmentInput, 'type'> & { type: PreparedAttachment['type'] | AttachmentInput['type'] })[],
  existing: { size: number; mimeType: string }[] = [],
  fieldPrefix = 'attachments',
): Promise<PreparedAttachment[]> {
  const errors: ErrorItem[] = [];
  const prepared: PreparedAttachment[] = [];
  for (const [index, input] of inputs.entries()) {
    const field = fieldPrefix ? `${fieldPrefix}[${index}].content` : 'content';
    const content = decodeAttachmentContent(input.content);
    if (content.length === 0) {
      errors.push(errorItem('3.18', field));
      continue;
    }
    const sniffed = await fileTypeFromBuffer(content);
    if (!sniffed || !ALLOWED.has(sniffed.mime)) {
      errors.push(errorItem('3.8', fieldPrefix ? `${fieldPrefix}[${index}].mimeType` : 'mimeType'));
      continue;
    }
    if (sniffed.mime.startsWith('image/')) {
      const pixels = declaredPixels(content);
      if (pixels === undefined || pixels > MAX_IMAGE_PIXELS) {
        errors.push(errorItem('3.8', field, `Images may have at most ${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels.`));
        continue;
      }
    }
    prepared.push({
      type: input.type as PreparedAttachment['type'],
      name: input.name ?? null,
      originalFileName: input.originalFileName,
      mimeType: sniffed.mime,
      sealed: input.sealed ?? false,
      content,
    });
  }
  const all = [...existing, ...prepared.map((item) => ({ size: item.content.length, mimeType: item.mimeType }))];
  const total = all.reduce((sum, item) => sum + item.size, 0);
  const images = all.filter((item) => item.mimeType.startsWith('image/')).reduce((sum, item) => sum + item.size, 0);
  if (total > MAX_ATTACHMENT_BYTES) errors.push(errorItem('3.34', fieldPrefix || 'content', 'Attachments exceed 10 MB per freight document.'));
  else if (images > MAX_IMAGE_BYTES) errors.push(errorItem('3.34', fieldPrefix || 'content', 'Images exceed 2 MB in total.'));
  if (errors.length > 0) throw new ServiceError(errors);
  return prepared;
}

/** The row a prepared attachment becomes; its digest ties it into the commit snapshots. */
export function attachmentRow(documentId: string, file: PreparedAttachment, now: Date, id: string) {
  return { id, documentId, ...file, size: file.content.length, sha256: sha256Hex(file.content), createdAt: now };
}
