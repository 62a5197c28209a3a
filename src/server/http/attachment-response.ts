import type { getAttachment } from '@/server/services/freight-documents/get-attachment';

type Found = Awaited<ReturnType<typeof getAttachment>>;

/** The complete JSON attachment, content base64-encoded (spec §4). */
export function attachmentJson(found: Found) {
  return { body: { ...found.attachment, content: found.content.toString('base64') } };
}

/** Only the content: the bytes with their media type, or base64 text with ?encodeBase64=true. */
export function attachmentContent(found: Found, encodeBase64: boolean): Response {
  if (encodeBase64) return new Response(found.content.toString('base64'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(found.content), {
    headers: {
      'Content-Type': found.attachment.mimeType,
      'Content-Length': String(found.content.length),
      'Content-Disposition': `inline; filename="${found.attachment.originalFileName.replace(/["\\\r\n]/g, '_')}"`,
    },
  });
}
