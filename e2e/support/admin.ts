import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dataDir, port } from './env';

const run = promisify(execFile);

/**
 * The operator's admin command (contract §12), exactly as documented: `npm run admin -- …` with the
 * server's DATA_DIR and PORT. The server holds the embedded database, so the command goes through it.
 * `server`: another embedded-database server than the suite's (a spec that starts its own).
 */
export async function admin<T = Record<string, unknown>>(args: string[], server: { dataDir: string; port: number } = { dataDir, port }): Promise<T> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: String(server.port), DATABASE_URL: '' },
    timeout: 60_000,
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as T;
}

export interface CreatedClient {
  clientId: string;
  clientSecret: string;
}

export function createClient(options: { name: string; integration?: boolean; implicit?: boolean; redirectUris?: string[] }): Promise<CreatedClient> {
  const args = ['client:create', '--name', options.name];
  if (options.integration) args.push('--integration');
  if (options.implicit) args.push('--implicit');
  for (const uri of options.redirectUris ?? []) args.push('--redirect-uri', uri);
  return admin<CreatedClient>(args);
}

export function basicAuth(client: CreatedClient): string {
  // RFC 6749 §2.3.1: form-urlencode both parts before base64.
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(client.clientId)}:${encode(client.clientSecret)}`).toString('base64')}`;
}
