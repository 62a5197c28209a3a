import { getConfig, publicUrl } from './config/env';
import { shareNextAuthUrl, signalsHandledByApplication } from './config/process-env';
import { getAppSecret } from './crypto/app-secret';
import { getSigningKey } from './pgp/signing-key';
import { closeDb, getDatabaseHandle, type DatabaseHandle } from './db/client';
import { startJobWorker } from './workers/worker';
import { startDraining } from './observability/draining';
import { rootLogger } from './observability/logger';

const globalForBoot = globalThis as unknown as { __fdsBooted?: Promise<void> };

/** How long after the shutdown timeout the process exits whatever is still open. */
const HARD_EXIT_AFTER_TIMEOUT_MS = 5_000;

/**
 * Server start: the configuration and the database are checked before the first request is answered; a server
 * that cannot serve (no APP_SECRET in production, a DATA_DIR held by another process, no database) exits with the
 * reason instead of answering 500. Then migrations, the job worker, and a graceful shutdown.
 */
export function boot(): Promise<void> {
  globalForBoot.__fdsBooted ??= (async () => {
    let handle: DatabaseHandle;
    const config = (() => {
      try {
        return getConfig();
      } catch (error) {
        return refuseToStart(error);
      }
    })();
    shareNextAuthUrl(config, publicUrl(config));
    try {
      handle = await getDatabaseHandle('server');
      // The instance-wide secret (generated once when APP_SECRET is unset) is read now, so that every request, the
      // heartbeat's included, finds it in memory even while the database is away.
      const appSecret = await getAppSecret(handle.db, config);
      // Contract §9: the signing key is made (or PGP_PRIVATE_KEY read) at start, so a bad key stops the server here.
      await getSigningKey(handle.db, config, appSecret);
    } catch (error) {
      return refuseToStart(error);
    }
    const worker = startJobWorker({ db: handle.db, config, listen: handle.listen });
    rootLogger.info({ database: handle.kind, environment: config.APP_ENV }, 'freight document service ready');
    installGracefulShutdown(worker, config.SHUTDOWN_TIMEOUT_MS);
    // The PDF threads start and render a warm-up page now, not on the first PDF (issue 24); requests do not wait.
    if (config.PDF_WARM_UP) void import('./pdf/pool').then(({ warmPdfPool }) => warmPdfPool());
  })();
  return globalForBoot.__fdsBooted;
}

function refuseToStart(error: unknown): never {
  // The message only: configuration errors say what to fix, and a stack would bury it.
  rootLogger.fatal(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/**
 * On SIGTERM or SIGINT: no new connections, the requests in flight answered, the job in hand finished (or given
 * back to the queue after SHUTDOWN_TIMEOUT_MS), then exit.
 *
 * Next.js (`next start`) handles the signal itself: it closes the HTTP server, waits for the requests in flight
 * and then calls process.exit. It offers no hook after that, so the exit is held here until the worker has
 * stopped and the database is closed. When NEXT_MANUAL_SIG_HANDLE switches Next.js's handling off, this exits.
 */
function installGracefulShutdown(worker: { stop: (graceMs?: number) => Promise<void> }, timeoutMs: number) {
  let stopping: Promise<void> | undefined;
  const exit = process.exit.bind(process);
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    const code = signal === 'SIGINT' ? 130 : 143;
    rootLogger.info({ signal }, 'shutting down: finishing the requests in flight and the job in hand');
    startDraining();
    stopping = worker.stop(timeoutMs).catch((error: unknown) => rootLogger.error(`job worker did not stop cleanly: ${String(error)}`));
    const finish = (exitCode: number | string | null | undefined) => {
      void stopping!
        .then(() => closeDb())
        .catch(() => {})
        .finally(() => {
          rootLogger.info('stopped');
          exit(exitCode ?? code);
        });
    };
    process.exit = ((exitCode?: number | string | null) => finish(exitCode)) as typeof process.exit;
    if (signalsHandledByApplication()) finish(code);
    // Whatever is still open (a request that never ends) does not keep the process past its grace.
    setTimeout(() => {
      rootLogger.warn('shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting');
      exit(code);
    }, timeoutMs + HARD_EXIT_AFTER_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
