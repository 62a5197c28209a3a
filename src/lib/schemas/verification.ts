import type { LegalEvent } from '@/lib/domain/legal-events';

/** What the public verification page shows (contract §9): nothing else of the document. */
export interface VerificationView {
  serviceNumber: string;
  status: string;
  parties: { role: 'CONSIGNOR' | 'CONSIGNEE' | 'CARRIER' | 'SUBSEQUENT_CARRIER'; name: string }[];
  places: { role: 'PLACE_OF_TAKING_OVER' | 'PLACE_OF_DELIVERY'; name: string; cityName: string | null; countryCode: string | null }[];
  approvals: { action: string; type: string; side: string; declined: boolean; at: string }[];
  /** Contract §14: the legal events (reservations and their withdrawals, instructions …) with their times, and the replacement by paper. */
  events: { event: LegalEvent | 'RESERVATION_WITHDRAWAL'; at: string }[];
  replacedByPaperAt: string | null;
  /** Contract §15, while eFTI is on: how often authorities read the data set through their eFTI gate. */
  accessCount?: number;
  /** Whether every commit recomputes from `updates`, or the first one where the chain breaks and why. */
  chain:
    | { intact: true; commits: number }
    | {
        intact: false;
        commitId: string;
        sequence: number;
        reason: 'COMMIT_ID' | 'PARENTS' | 'SNAPSHOT' | 'ATTACHMENT' | 'RECORD' | 'CURRENT_STATE';
      };
}
