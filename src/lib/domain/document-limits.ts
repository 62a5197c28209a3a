/**
 * Contract §1: how much history one document may gather, a deliberate bound on the specification's "unlimited"
 * comments (each may carry attachments), far above any real consignment. Reservations count as comments.
 */
export const MAX_COMMENTS_PER_DOCUMENT = 10_000;
export const MAX_COMMITS_PER_DOCUMENT = 20_000;
