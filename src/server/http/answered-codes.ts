import fs from 'node:fs';
import path from 'node:path';
import { getConfig } from '@/server/config/env';

/** One REST answer as the answered-codes check reads it (scripts/check-answered-codes.ts). */
export interface AnsweredCode {
  /** The route pattern (`/api/freightdocuments/[id]`), as the metrics label it. */
  route: string;
  method: string;
  status: number;
  /** The error codes of the body, the one that set the status first; empty for a success. */
  codes: string[];
}

/**
 * Tests only (issue 35): with RECORD_ANSWERED_CODES set, each answer is appended as one JSON line to a file of this
 * process in that directory, so the check can list codes a route answered that its operation does not declare.
 * Unset, this returns at once: development and production record nothing and answer exactly as before.
 */
export async function recordAnswer(route: string, method: string, response: Response): Promise<void> {
  const dir = getConfig().RECORD_ANSWERED_CODES;
  if (!dir) return;
  const codes = response.status >= 400 ? await errorCodesOf(response.clone()) : [];
  const line: AnsweredCode = { route, method, status: response.status, codes };
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
