/**
 * Child processes of the benchmark. Each server runs in its own process group (detached), and stopping it
 * signals the whole group: killing only `next start`'s first process would leave the real server running.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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
  /** CPU seconds (user + system) its process group has used so far; undefined where /proc is missing. */
  cpuSeconds: () => number | undefined;
}

/** Linux's clock ticks per second for /proc's times (USER_HZ: 100 on every architecture Node.js runs on). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds of every live process of a group, from /proc/<pid>/stat (utime and stime, fields 14 and 15, after
 * the command name in parentheses). What a server costs per request whatever else the machine runs: under other
 * load its req/s drop, its CPU per request hardly moves.
 */
export function groupCpuSeconds(group: number): number | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state(3) ppid(4) pgrp(5) … utime(14) stime(15), so index = field - 3.
    if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}

/** Resident memory (VmRSS) of every live process of a group, in bytes; undefined where /proc is missing. */
export function groupRssBytes(group: number): number | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  let bytes = 0;
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      bytes += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      continue; // gone meanwhile
    }
  }
  return bytes;
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
  const cpuSeconds = () => (child.pid === undefined ? undefined : groupCpuSeconds(child.pid));
  const server: Server = { name: options.name, url, child, output: () => lines.join('\n'), stop, cpuSeconds };
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
