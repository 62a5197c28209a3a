import 'server-only';

/**
 * Whether this process is shutting down (SIGTERM or SIGINT received). While it is, every answer carries
 * `Connection: close`, so clients and load balancers do not send another request over a connection that is about to
 * close. Here, below everything: the observed answers (`observe-request.ts`) read it and `boot.ts` sets it, so the
 * flag sits under both rather than in a boot-level module the transports would import upward (issue 33).
 * On globalThis: the boot module and the route bundles are separate copies of this module in one process.
 */
const globalForLifecycle = globalThis as unknown as { __fdsDraining?: boolean };

export function isDraining(): boolean {
  return globalForLifecycle.__fdsDraining === true;
}

export function startDraining(): void {
  globalForLifecycle.__fdsDraining = true;
}
