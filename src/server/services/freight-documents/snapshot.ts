import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import type { DocumentRow, RoleRow } from '../access/load-document';

/** Version 2 of the content hash: the SHA-256 of a stored snapshot (version 1 hashed columns, kept nothing). */
export const SNAPSHOT_VERSION = 2;

export interface AttachmentDigest {
  attachmentId: string;
  type: string;
  name: string | null;
  originalFileName: string;
  mimeType: string;
  sealed: boolean;
  size: number;
  sha256: string;
}

export function sha256Hex(value: string | Buffer): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/**
 * The legal content of a document as one JSON value: everything a court would ask about (the content, the
 * parties and how they were named, the attachments by digest) and nothing that only moves bookkeeping (heads,
 * modification time, which account a pending e-mail holder turned into).
 */
export function snapshotOf(document: DocumentRow, roles: RoleRow[], files: AttachmentDigest[]) {
  const time = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    version: SNAPSHOT_VERSION,
    freightDocumentId: document.id,
    serviceNumber: document.serviceNumber,
    type: document.type,
    status: document.status,
    submitterAccountId: document.submitterAccountId,
    content: document.content,
    columns: {
      establishedDate: document.establishedDate,
      establishedPlace: document.establishedPlace,
      carrierCode: document.carrierCode,
      agreedDateTimeOfTakingOver: time(document.agreedDateTimeOfTakingOver),
      estimatedDateTimeOfTakingOver: time(document.estimatedDateTimeOfTakingOver),
      estimatedDateTimeOfDelivery: time(document.estimatedDateTimeOfDelivery),
    },
    roles: [...roles]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((role) => ({ roleId: role.id, role: role.role, email: role.email, party: role.party, position: role.position })),
    attachments: [...files].sort((a, b) => (a.attachmentId < b.attachmentId ? -1 : 1)),
  };
}
export type Snapshot = ReturnType<typeof snapshotOf>;

/** The hash a commit records: SHA-256 of the RFC 8785 canonical JSON of the snapshot. */
export function hashSnapshot(snapshot: unknown): string {
  return sha256Hex(canonicalize(snapshot)!);
}
