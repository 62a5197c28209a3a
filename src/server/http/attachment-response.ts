import { create as contentDisposition } from 'content-disposition';
import type { getAttachment } from '@/server/services/freight-documents/get-attachment';

type Found = Awaited<ReturnType<typeof getAttachment>>;

/** The complete JSON attachment, content base64-encoded (spec §4). */
export function attachmentJson(found: Found) {
  return { body: { ...found.attachment, content: found.content.toString('base64') } };
}

/**
 * Only the content: the bytes with their media type, or base64 text with ?encodeBase64=true. Always a download
 * (`attachment`), never shown inline on this origin, with the file name RFC 6266-encoded (`filename*=UTF-8''…`)
 * so that any Unicode name works (contract §10); `nosniff` keeps browsers to the declared type.
 */
export function attachmentContent(found: Found, encodeBase64: boolean): Response {
  const nosniff = { 'X-Content-Type-Options': 'nosniff' };
  if (encodeBase64) {
    // Base64 text is not the file: no file name, but not shown inline either.
    return new Response(found.content.toString('base64'), {
      headers: { ...nosniff, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Disposition': 'attachment' },
    });
  }
  return new Response(new Uint8Array(found.content), {
    headers: {
      ...nosniff,
      'Content-Type': found.attachment.mimeType,
      'Content-Length': String(found.content.length),
      'Content-Disposition': contentDisposition(found.attachment.originalFileName),
    },
  });
}
