/**
 * Two `next start` instances on one PostgreSQL database behind a round-robin balancer: the shape of a production
 * deployment with a load balancer. Both get the balancer's address as PUBLIC_URL and no NEXTAUTH_SECRET, so portal
 * sessions are signed with the key both derive from the instance-wide APP_SECRET in the database.
 */
import { startBalancer, type Balancer } from './balancer';
import { startServer, type RunningServer } from './server';

export interface InstancePair {
  /** The balancer's address: requests alternate between the instances. */
  baseUrl: string;
  balancer: Balancer;
  instances: [RunningServer, RunningServer];
  databaseUrl: string;
  adminEnv: Record<string, string>;
  dispose: () => Promise<void>;
}

export async function startInstancePair(options: { name: string; adminDatabaseUrl: string; env?: Record<string, string> }): Promise<InstancePair> {
  const balancer = await startBalancer();
  const env: Record<string, string> = { ...options.env, PUBLIC_URL: balancer.baseUrl, NEXTAUTH_URL: balancer.baseUrl, NEXTAUTH_SECRET: '' };
  let first: RunningServer | undefined;
  try {
    first = await startServer({ name: `${options.name}-1`, kind: 'postgres', adminDatabaseUrl: options.adminDatabaseUrl, env });
    // A local blob store is shared through one directory (README); an S3 store is shared anyway.
    const second = await startServer({
      name: `${options.name}-2`,
      kind: 'postgres',
      databaseUrl: first.databaseUrl,
      env: env.BLOB_STORE === 's3' ? env : { BLOB_DIR: first.blobDir, ...env },
    });
    balancer.setUpstreams([first.baseUrl, second.baseUrl]);
    const instances: [RunningServer, RunningServer] = [first, second];
    return {
      baseUrl: balancer.baseUrl,
      balancer,
      instances,
      databaseUrl: first.databaseUrl!,
      adminEnv: first.adminEnv,
      dispose: async () => {
        await balancer.close();
        // The second first: the first one's dispose drops the database they share.
        await second.dispose();
        await instances[0].dispose();
      },
    };
  } catch (error) {
    await first?.dispose().catch(() => {});
    await balancer.close();
    throw error;
  }
}
