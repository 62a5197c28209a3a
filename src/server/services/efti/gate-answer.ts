import crypto from 'node:crypto';
import { httpStatusOf, type ErrorCode } from '@/lib/errors/catalogue';
import type { DbOrTx } from '@/server/db/client';
import { documentAccesses } from '@/server/db/schema';
import { errorItem } from '@/server/errors';

/** What the service answers a gate: the exact bytes, so that the audit trail can hold their digest. */
export interface GateAnswer {
  status: number;
  contentType?: string;
  body: string;
}

/** A refusal in contract §1's JSON form. */
export function refusal(code: ErrorCode, field?: string): GateAnswer {
  const item = errorItem(code, field);
  return { status: httpStatusOf(code, { field }), contentType: 'application/json', body: JSON.stringify({ errors: [item] }) };
}

/** `X-Request-ID` as the audit keeps it: 1–255 visible ASCII characters, else null (contract §15). */
export function gateRequestId(header: string | null): string | null {
  return header && /^[\x21-\x7E]{1,255}$/.test(header) ? header : null;
}

/**
 * The audit trail (contract §15, Impl. Reg. 2025/2243 Art. 3): one access per authenticated gate request that names
 * a document's data set, whatever the answer, with the gate's request id, the subsets, the answer's status and the
 * SHA-256 of the body sent. Beside the commit chain, never in it (an access changes nothing of the document).
 */
export async function recordGateAccess(
  db: DbOrTx,
  input: {
    documentId: string;
    type: 'EFTI_GATE_READ' | 'EFTI_FOLLOW_UP';
    at: Date;
    requestId: string | null;
    subsets: string[];
    answer: GateAnswer;
    message?: string;
  },
) {
  await db.insert(documentAccesses).values({
    documentId: input.documentId,
    type: input.type,
    accessedAt: input.at,
    requestId: input.requestId,
    subsets: input.subsets,
    httpStatus: input.answer.status,
    responseSha256: crypto.createHash('sha256').update(input.answer.body, 'utf8').digest('hex'),
    message: input.message ?? null,
  });
}
