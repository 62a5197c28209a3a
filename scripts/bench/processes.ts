/**
 * Child processes of the benchmark. Each server runs in its own process group (detached), and stopping it
 * signals the whole group: killing only `next start`'s first process would leave the real server running.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const TSX_CLI = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
/** Server code imports 'server-only'; outside Next this condition selects its empty module (package.json "admin"). */
export const SERVER_CONDITION = '--conditions=react-server';
export const NEXT_CLI = path.join(ROOT, 'node_modules/next/dist/bin/next');

export interface Server {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last lines the process printed, for the error message when it fails to start. */
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startServer(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  timeoutMs?: number;
}): Promise<Server> {
  const child = spawn(process.execPath, options.args, { cwd: ROOT, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exit, sleep(5000)]);
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await Promise.race([exit, sleep(2000)]);
    }
  };

  const url = `http://127.0.0.1:${options.port}`;
  const server: Server = { name: options.name, url, child, output: () => lines.join('\n'), stop };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(url + options.readyPath);
      if (response.ok) return server;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`${options.name} did not become ready on ${url}:\n${server.output()}`);
}

/** `npm run admin -- …` without npm: the admin command run by tsx, its JSON output parsed. */
export function admin(env: NodeJS.ProcessEnv, args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [TSX_CLI, SERVER_CONDITION, 'src/cli/admin.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`admin ${args[0]} failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout) as Record<string, unknown>);
    });
  });
}
