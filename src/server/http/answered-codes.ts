import fs from 'node:fs';
import path from 'node:path';
import { undeclaredCodes } from '@/lib/openapi/error-answers';
import type { ApiOperation } from '@/lib/openapi/operation';
import { keyOfOperation } from '@/lib/openapi/operations';
import { getConfig } from '@/server/config/env';

/** One REST answer as the answered-codes check reads it (scripts/check-answered-codes.ts). */
export interface AnsweredCode {
  /** The route pattern (`/api/freightdocuments/[id]`), as the metrics label it. */
  route: string;
  method: string;
  status: number;
  /** The error codes of the body, the one that set the status first; empty for a success. */
  codes: string[];
  /** The operation the endpoint serves (`POST /freightdocuments/{id}/issue`); none for a route outside the reference. */
  operation?: string;
  /** Codes of this answer the operation does not declare: each is a violation the check fails on. */
  undeclared?: string[];
}

/**
 * Tests only (issue 35): with RECORD_ANSWERED_CODES set, each answer is appended as one JSON line to a file of this
 * process in that directory, with the operation the endpoint serves and any code of the answer that operation does not
 * declare, so the check can fail on those and list the declared codes no test reached.
 * Unset, this returns at once: development and production record nothing and answer exactly as before.
 */
export async function recordAnswer(route: string, method: string, response: Response, operation?: ApiOperation): Promise<void> {
  const dir = getConfig().RECORD_ANSWERED_CODES;
  if (!dir) return;
  const codes = response.status >= 400 ? await errorCodesOf(response.clone()) : [];
  const line: AnsweredCode = { route, method, status: response.status, codes };
  if (operation) {
    line.operation = keyOfOperation(operation);
    const undeclared = undeclaredCodes(operation, response.status, codes);
    if (undeclared.length) line.undeclared = undeclared;
  }
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.appendFileSync(path.join(dir, `answers-${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
  } catch {
    // A record lost is a gap in the check, never a failed answer.
  }
}

async function errorCodesOf(response: Response): Promise<string[]> {
  if (!response.headers.get('content-type')?.includes('json')) return [];
  try {
    const body = (await response.json()) as { errors?: { code?: unknown }[] };
    return (body.errors ?? []).map((item) => String(item.code));
  } catch {
    return [];
  }
}
