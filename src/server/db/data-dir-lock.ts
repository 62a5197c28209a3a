import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no file lock, and two processes on one data directory corrupt it. The holder writes
 * DATA_DIR/holder.json (pid, port, a random admin token, mode 0600); anyone else who finds a live holder
 * must go through it (the admin command does so over HTTP on 127.0.0.1).
 */
export interface DataDirHolder {
  pid: number;
  purpose: 'server' | 'tool';
  port?: number;
  adminToken?: string;
}

const HOLDER_FILE = 'holder.json';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLiveHolder(dataDir: string): DataDirHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as DataDirHolder;
    return holder.pid !== process.pid && isAlive(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a live holder keeps this process out, and what to do (issue 35: the pid alone left a newcomer guessing): stop
 * that process, or give this one its own directory, or run both on PostgreSQL. One line; the preflight says it too.
 */
export function heldDataDirMessage(dataDir: string, holder: Pick<DataDirHolder, 'pid' | 'purpose' | 'port'>): string {
  const who =
    holder.purpose === 'server' ? `a running server of this service${holder.port ? ` (port ${holder.port})` : ''}` : 'the admin command or another tool';
  return (
    `DATA_DIR ${dataDir} is held by process ${holder.pid} (${who}); only one process may open the embedded database: ` +
    `stop that process first (kill ${holder.pid}), or start this one with a DATA_DIR of its own (e.g. DATA_DIR=./.data-2), ` +
    'or run both on PostgreSQL with DATABASE_URL'
  );
}

/** `port`: the server's (PORT), where the admin command reaches it while it holds the directory. */
export function claimDataDir(dataDir: string, purpose: 'server' | 'tool', port: number): DataDirHolder {
  const live = readLiveHolder(dataDir);
  if (live) throw new Error(heldDataDirMessage(dataDir, live));
  const holder: DataDirHolder = {
    pid: process.pid,
    purpose,
    ...(purpose === 'server' ? { port, adminToken: crypto.randomBytes(32).toString('base64url') } : {}),
  };
  fs.writeFileSync(path.join(dataDir, HOLDER_FILE), JSON.stringify(holder), { mode: 0o600 });
  return holder;
}

export function releaseDataDir(dataDir: string): void {
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as DataDirHolder;
    if (holder.pid === process.pid) fs.unlinkSync(path.join(dataDir, HOLDER_FILE));
  } catch {
    // Nothing to release.
  }
}

/** The admin token of this process, when it holds the directory as the server. */
export function ownAdminToken(dataDir: string): string | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(path.resolve(dataDir), HOLDER_FILE), 'utf8')) as DataDirHolder;
    return holder.pid === process.pid ? holder.adminToken : undefined;
  } catch {
    return undefined;
  }
}
