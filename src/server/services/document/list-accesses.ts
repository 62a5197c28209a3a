import { formatMillis } from '@/lib/domain/dates';
import type { DocumentAccessResponse } from '@/lib/schemas/efti';

/**
 * The latest accesses shown with a document: enough to see who looked lately, never a list without end. They are read
 * with the document in its one statement (load-state.ts).
 */
export const SHOWN_ACCESSES = 100;

/** An access as the document's statement reads it (JSON, snake_case columns renamed). */
export interface AccessRow {
  type: DocumentAccessResponse['type'];
  accessedAt: string;
  requestId: string | null;
  subsets: string[] | null;
  httpStatus: number | null;
  responseSha256: string | null;
  message: string | null;
}

/** An access as the API shows it: a page visit by its time; an eFTI access with the gate's request and the answer. */
export function accessJson(row: AccessRow): DocumentAccessResponse {
  const base = { type: row.type, accessDateTime: formatMillis(new Date(row.accessedAt)) };
  if (row.type === 'VERIFICATION_PAGE') return base;
  return {
    ...base,
    requestId: row.requestId,
    subsets: row.subsets ?? [],
    ...(row.httpStatus !== null ? { httpStatus: row.httpStatus } : {}),
    ...(row.responseSha256 !== null ? { responseSha256: row.responseSha256 } : {}),
    ...(row.message !== null ? { message: row.message } : {}),
  };
}
