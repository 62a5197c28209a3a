import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '@/server/config/env';
import type { Database } from '@/server/db/client';
import { instanceSettings } from '@/server/db/schema';
import { randomToken } from './tokens';

const globalForSecret = globalThis as unknown as { __fdsAppSecret?: Promise<string> };

/**
 * APP_SECRET when configured (required in production). In the partner environment without one, a random
 * secret is generated once and kept in the database so that every instance and restart agrees on it.
 */
export function getAppSecret(db: Database, config: AppConfig): Promise<string> {
  if (config.APP_SECRET) return Promise.resolve(config.APP_SECRET);
  globalForSecret.__fdsAppSecret ??= (async () => {
    await db
      .insert(instanceSettings)
      .values({ key: 'app_secret', value: randomToken(32) })
      .onConflictDoNothing();
    const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'app_secret'));
    if (!row) throw new Error('app secret missing');
    return row.value;
  })();
  return globalForSecret.__fdsAppSecret;
}
