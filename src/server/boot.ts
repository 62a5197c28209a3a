import { getConfig } from './config/env';
import { closeDb, getDatabaseHandle } from './db/client';
import { startJobWorker } from './jobs/worker';

const globalForBoot = globalThis as unknown as { __fdsBooted?: Promise<void> };

/** Server start: configuration check, migrations, background workers, clean shutdown on SIGTERM/SIGINT. */
export function boot(): Promise<void> {
  globalForBoot.__fdsBooted ??= (async () => {
    const config = getConfig();
    const handle = await getDatabaseHandle('server');
    const worker = startJobWorker({ db: handle.db, config, listen: handle.listen });
    console.log(`freight document service: ${handle.kind} database ready, environment ${config.APP_ENV}`);
    const shutdown = async () => {
      await worker.stop().catch(() => {});
      await closeDb().catch(() => {});
      process.exit(0);
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  })();
  return globalForBoot.__fdsBooted;
}
