/**
 * GnuPG as a person checking a signed freight document would run it: a throw-away keyring with the service's
 * public key imported, then `gpg --verify`. Debian's `gnupg` (scripts/test.sh installs it when missing).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface GpgCheck {
  /** gpg's exit code: 0 when the signature is good. */
  status: number;
  /** gpg's report (stderr), e.g. `Good signature from "Freight Document Service"`. */
  report: string;
  /** The signed text as gpg extracts it. */
  signedText: string;
}

export function gpgVerify(armoredPublicKey: string, signedMessage: string): GpgCheck {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-gpg-'));
  try {
    fs.chmodSync(home, 0o700);
    const env = { ...process.env, GNUPGHOME: home };
    execFileSync('gpg', ['--batch', '--import'], { input: armoredPublicKey, env, stdio: ['pipe', 'ignore', 'ignore'] });
    const message = path.join(home, 'document.asc');
    fs.writeFileSync(message, signedMessage);
    const verify = spawnSync('gpg', ['--batch', '--verify', message], { env, encoding: 'utf8' });
    const extract = spawnSync('gpg', ['--batch', '--decrypt', message], { env, encoding: 'utf8' });
    return { status: verify.status ?? -1, report: verify.stderr, signedText: extract.stdout };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
