import type { DocumentStatus } from '@/lib/schemas/freight-document';

/** The state machine of spec §3. CANCELLED is reachable from DRAFT only. */
const MOVES: Record<DocumentStatus, readonly DocumentStatus[]> = {
  DRAFT: ['ISSUED', 'CANCELLED'],
  ISSUED: ['TRANSIT'],
  TRANSIT: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

export function canMove(from: DocumentStatus, to: DocumentStatus): boolean {
  return MOVES[from].includes(to);
}

/** From ISSUED on the main content is fixed (spec §3 rule 2). */
export function isContentFixed(status: DocumentStatus): boolean {
  return status !== 'DRAFT';
}
