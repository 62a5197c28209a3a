import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { AttachmentInput } from '@/lib/schemas/freight-document';
import { errorItem, ServiceError, type ErrorItem } from '@/server/errors';
import type { ServiceContext } from '../context';
import { sha256Hex } from './snapshot';
import { HEAD_BYTES, stageBytes, stagedFileOf, stagedToken } from './staged-files';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Contract §1: the most pixels an image may have, so that decoding one (a PNG bomb) cannot take seconds and gigabytes. */
export const MAX_IMAGE_PIXELS = 25_000_000;
const ALLOWED = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** Width × height as the PNG or JPEG header declares it, read without decoding; undefined when there is none. */
function declaredPixels(content: Uint8Array): number | undefined {
  try {
    const { width, height } = imageSize(content);
    return width * height;
  } catch {
    return undefined;
  }
}

/** A file checked and in the blob store: the row it becomes names its bytes by digest. */
export interface PreparedAttachment {
  type: 'GOODS' | 'GENERAL' | 'COMMENT' | 'SIGNATURE';
  name: string | null;
  originalFileName: string;
  mimeType: string;
  sealed: boolean;
  digest: string;
  size: number;
}

/** Files prepared outside the change's transaction, with the refusals the verb raises once its rights are checked. */
export interface PreparedFiles {
  files: PreparedAttachment[];
  errors: ErrorItem[];
  fieldPrefix: string;
}

type FileInput = Omit<AttachmentInput, 'type'> & { type: PreparedAttachment['type'] | AttachmentInput['type'] };
type StagingContext = Pick<ServiceContext, 'db' | 'blobs' | 'staged'>;

/** The bytes of an attachment's base64 content (standard or URL-safe alphabet, whitespace ignored). */
export function decodeAttachmentContent(content: string): Buffer {
  return Buffer.from(content.replace(/\s+/g, ''), content.includes('-') || content.includes('_') ? 'base64url' : 'base64');
}

/** The SHA-256 of a body's file content: a staged file's digest, else the hash of the decoded base64 text. */
export function digestOfContent(ctx: Pick<ServiceContext, 'staged'>, content: string): string {
  return stagedFileOf(ctx, content)?.digest ?? sha256Hex(decodeAttachmentContent(content));
}

/**
 * An image's pixel count from its header. The header is in the first bytes kept in memory, except for a JPEG with
 * large metadata segments before its frame header: then the image's start is read back from the store (images over
 * MAX_IMAGE_BYTES are refused anyway, so at most that much, plus one byte).
 */
async function pixelsOf(ctx: StagingContext, file: { digest?: string; size: number; head: Uint8Array }): Promise<number | undefined> {
  const fromHead = declaredPixels(file.head);
  if (fromHead !== undefined || file.size <= file.head.length || !file.digest) return fromHead;
  const stream = await ctx.blobs.get(file.digest, { start: 0, end: Math.min(file.size, MAX_IMAGE_BYTES + 1) - 1 });
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return declaredPixels(Buffer.concat(chunks));
}

/**
 * Checks each file and puts it into the blob store (contract §10): empty content 3.18, a real type other than PDF,
 * PNG or JPEG 3.8 (the bytes decide, not the declared mimeType), an image of more than 25 million pixels (its header
 * says, before anything decodes it) 3.8. Files the body gate streamed are in the store already; small base64 texts
 * are stored here. Runs before the change's transaction (PGlite has one connection, and the upload record must
 * outlive a failed change); `checkAttachments` raises the refusals and the limits inside it.
 */
export async function prepareAttachments(ctx: StagingContext, inputs: FileInput[], fieldPrefix = 'attachments'): Promise<PreparedFiles> {
  const errors: ErrorItem[] = [];
  const files: PreparedAttachment[] = [];
  for (const [index, input] of inputs.entries()) {
    const field = fieldPrefix ? `${fieldPrefix}[${index}].content` : 'content';
    const staged = stagedFileOf(ctx, input.content);
    const bytes = staged ? undefined : decodeAttachmentContent(input.content);
    const file = staged ?? { digest: undefined, size: bytes!.length, head: bytes! };
    if (file.size === 0) {
      errors.push(errorItem('3.18', field));
      continue;
    }
    const sniffed = await fileTypeFromBuffer(file.head.subarray(0, HEAD_BYTES));
    if (!sniffed || !ALLOWED.has(sniffed.mime)) {
      errors.push(errorItem('3.8', fieldPrefix ? `${fieldPrefix}[${index}].mimeType` : 'mimeType'));
      continue;
    }
    if (sniffed.mime.startsWith('image/')) {
      const pixels = await pixelsOf(ctx, file);
      if (pixels === undefined || pixels > MAX_IMAGE_PIXELS) {
        errors.push(errorItem('3.8', field, `Images may have at most ${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels.`));
        continue;
      }
    }
    const stored = staged ?? (await stageBytes(ctx, bytes!));
    files.push({
      type: input.type as PreparedAttachment['type'],
      name: input.name ?? null,
      originalFileName: input.originalFileName,
      mimeType: sniffed.mime,
      sealed: input.sealed ?? false,
      digest: stored.digest,
      size: stored.size,
    });
  }
  return { files, errors, fieldPrefix };
}

/**
 * The refusals of `prepareAttachments` and the limits of 3.34 (more than 10 MB per document or 2 MB of images in
 * total), all reported at once; `existing` is what the document already holds. Returns the files when all is well.
 */
export function checkAttachments(prepared: PreparedFiles, existing: { size: number; mimeType: string }[] = []): PreparedAttachment[] {
  const { files, fieldPrefix } = prepared;
  const errors = [...prepared.errors];
  const all = [...existing, ...files];
  const total = all.reduce((sum, item) => sum + item.size, 0);
  const images = all.filter((item) => item.mimeType.startsWith('image/')).reduce((sum, item) => sum + item.size, 0);
  if (total > MAX_ATTACHMENT_BYTES) errors.push(errorItem('3.34', fieldPrefix || 'content', 'Attachments exceed 10 MB per freight document.'));
  else if (images > MAX_IMAGE_BYTES) errors.push(errorItem('3.34', fieldPrefix || 'content', 'Images exceed 2 MB in total.'));
  if (errors.length > 0) throw new ServiceError(errors);
  return files;
}

/** Both steps at once, for verbs that check files before their transaction (creation, comments, photos). */
export async function prepareCheckedAttachments(ctx: StagingContext, inputs: FileInput[], fieldPrefix = 'attachments'): Promise<PreparedAttachment[]> {
  return checkAttachments(await prepareAttachments(ctx, inputs, fieldPrefix));
}

const BASE64_TEXT = /^[A-Za-z0-9+/=\s_-]+$/;

/**
 * For verbs that judge files inside their transaction (a PUT sorts kept, replaced and new attachments against the
 * locked document): the base64 texts of the body's `attachments` are stored first, and the body carries their
 * tokens instead. Texts that are not base64 stay as they are, for the validation to refuse.
 */
export async function stageAttachmentTexts(ctx: Pick<ServiceContext, 'db' | 'blobs' | 'staged'>, body: unknown): Promise<unknown> {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { attachments?: unknown }).attachments)) return body;
  const items = (body as { attachments: unknown[] }).attachments;
  const staged = items.map(async (item) => {
    const content = (item as { content?: unknown } | null)?.content;
    if (typeof content !== 'string' || !BASE64_TEXT.test(content) || stagedFileOf(ctx, content)) return item;
    const bytes = decodeAttachmentContent(content);
    if (bytes.length === 0) return item;
    const file = await stageBytes(ctx, bytes);
    ctx.staged ??= new Map();
    ctx.staged.set(file.digest, { ...file, head: bytes.subarray(0, HEAD_BYTES) });
    return { ...(item as object), content: stagedToken(file.digest) };
  });
  return { ...body, attachments: await Promise.all(staged) };
}

/** The row a prepared attachment becomes: metadata and digest only; the bytes are the blob the digest names. */
export function attachmentRow(documentId: string, file: PreparedAttachment, now: Date, id: string) {
  const { digest, ...metadata } = file;
  return { id, documentId, ...metadata, sha256: digest, createdAt: now };
}
