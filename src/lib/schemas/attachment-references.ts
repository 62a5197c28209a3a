import { z } from 'zod';

/**
 * An attachment of the document sent back in a PUT with its `attachmentId` (contract §4). Clients send the
 * document as they read it: by id with empty content, or with the content they downloaded.
 */
export const attachmentReference = z.looseObject({
  attachmentId: z.string().min(1),
  content: z.string().nullish(),
});
export type AttachmentReference = z.infer<typeof attachmentReference>;

export interface SplitAttachments {
  /** The body with only its new attachments left in `attachments`: what the document schema validates. */
  body: Record<string, unknown>;
  /** The new attachments (anything not sent back by id), as sent. */
  added: unknown[];
  /** Attachments sent back by id, in the order sent. */
  references: AttachmentReference[];
}

/** Sets the attachments sent back by id apart from the new ones (the server, and the portal form before it validates). */
export function splitAttachmentReferences(body: Record<string, unknown>): SplitAttachments {
  if (!Array.isArray(body.attachments)) return { body, added: [], references: [] };
  const references: AttachmentReference[] = [];
  const added: unknown[] = [];
  for (const item of body.attachments) {
    const reference = attachmentReference.safeParse(item);
    if (reference.success) references.push(reference.data);
    else added.push(item);
  }
  return { body: { ...body, attachments: added }, added, references };
}

/** What the stored attachment of a reference says about it: its digest, or nothing when the document has no such attachment. */
export type StoredAttachment = { sha256: string } | undefined;

export type ReferenceOutcome = 'keep' | 'replace' | 'unknown';

/**
 * Contract §4, the one rule: an attachment sent back with its id is kept (same id) when its content is empty or
 * equal to the stored bytes; other content replaces it (a new attachment, new id). An id that is not an
 * attachment of the document, sent without content, names nothing (`unknown`: 4.4); with content it is new.
 */
export function referenceOutcome(reference: AttachmentReference, stored: StoredAttachment, sha256OfContent: (content: string) => string): ReferenceOutcome {
  const content = reference.content ?? '';
  if (!stored) return content ? 'replace' : 'unknown';
  if (!content) return 'keep';
  return sha256OfContent(content) === stored.sha256 ? 'keep' : 'replace';
}
