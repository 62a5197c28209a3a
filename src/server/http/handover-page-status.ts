import { createServiceContext } from '@/server/services/context';
import { handoverPageStatus as statusOfLink } from '@/server/services/transfers/handover-link-state';

const HANDOVER_PAGE = /^\/handover\/([^/]+)\/?$/;

/**
 * The HTTP status of the public hand-over page (contract §7): 404 for an unknown link, 410 for a used or expired
 * one; undefined for every other page. The page itself shows the same state (it reads the link again).
 */
export async function handoverPageStatus(method: string, path: string): Promise<404 | 410 | undefined> {
  const match = method === 'GET' || method === 'HEAD' ? HANDOVER_PAGE.exec(path) : null;
  if (!match) return undefined;
  return statusOfLink({ ctx: await createServiceContext(), input: { token: decodeURIComponent(match[1]!) } });
}
