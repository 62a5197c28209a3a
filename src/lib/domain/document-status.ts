import type { DocumentStatus } from '@/lib/schemas/freight-document';

/** The state machine of spec §3. CANCELLED is reachable from DRAFT only. */
const MOVES: Record<DocumentStatus, readonly DocumentStatus[]> = {
  DRAFT: ['ISSUED', 'CANCELLED'],
  ISSUED: ['TRANSIT'],
  TRANSIT: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

/** A document starts as a DRAFT, or ISSUED straight away (spec §3). */
const INITIAL: readonly DocumentStatus[] = ['DRAFT', 'ISSUED'];

/** Whether a document may move from `from` (null: it does not exist yet) to `to`. */
export function canMove(from: DocumentStatus | null, to: DocumentStatus): boolean {
  return from === null ? INITIAL.includes(to) : MOVES[from].includes(to);
}

/** From ISSUED on the main content is fixed (spec §3 rule 2). */
export function isContentFixed(status: DocumentStatus): boolean {
  return status !== 'DRAFT';
}
