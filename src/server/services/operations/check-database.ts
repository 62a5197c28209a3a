import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';

/** Longer than any healthy round trip, shorter than a load balancer's check timeout. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query in time (the heartbeat). Never throws. */
export async function checkDatabase({ ctx }: { ctx: Pick<ServiceContext, 'db'> }): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([ctx.db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
