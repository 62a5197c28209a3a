/**
 * Issue 32 (High): 600 comments of 4 KB on one document, then one GET of its public verification page stalled the
 * server ~25 s and took 380 MB, because every commit embedded every comment and each visit hashed them all. Contract
 * §1, §6: a commit stores what its change adds (records by digest), and the page answers within 1 s without blocking
 * other requests. A server of its own, so that its heartbeat and its data directory are its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeartbeatProbe } from '../support/heartbeat-probe';
import { sized } from '../support/sampling';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer } from './driver';

/**
 * 1,000 comments under `npm run test:full`; 300 under `npm test` (the 2-core budget, issue 18): the old way (every
 * commit embedding every comment, each visit hashing them all) grows with the square of the count and stalled the page
 * already at a few hundred, so 300 still catch it. The database's growth is held to the same 20 KB a comment.
 */
const COMMENTS = sized(1_000, 300);
const GROWTH_LIMIT_MB = (20 * COMMENTS) / 1_000;
let server: RunningServer;
let api: Driver;
let bearer = '';
let accountNumber = '';

/** The bytes of the server's database relations (PGlite: its data directory's `base`, without the write-ahead log). */
function databaseBytes(): number {
  const walk = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
      const full = path.join(dir, entry.name);
      return sum + (entry.isDirectory() ? walk(full) : fs.statSync(full).size);
    }, 0);
  return walk(path.join(server.dataDir!, 'pgdata', 'base'));
}

beforeAll(async () => {
  server = await startOwnServer('verification-at-scale', { RATE_LIMIT_WRITES_PER_ACCOUNT: '100000' });
  api = new Driver(serverTarget(server));
  const client = await api.createClient({ name: 'Verification at scale' });
  const account = await api.createActiveAccount(client);
  accountNumber = account.accountNumber;
  bearer = (await api.login(client, account)).access_token;
}, 180_000);

afterAll(async () => {
  await server?.dispose();
});

describe(`the verification page of a document with ${COMMENTS} comments of 4 KB (contract §1, §6)`, () => {
  it(`answers within 1 s while the heartbeat stays fast, and the document took under ${GROWTH_LIMIT_MB} MB`, async () => {
    const created = await api.post('/api/freightdocuments', {
      bearer,
      json: {
        type: 'WAYBILL',
        status: 'ISSUED',
        consignor: { name: 'Acme', countryCode: 'NLD' },
        consignee: { name: 'Beta', countryCode: 'DEU' },
        carrier: { name: 'Own Trucks', submittedAccountNumber: accountNumber },
        placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
        goods: 'Pallets',
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.freightDocumentId as string;
    const document = await api.get(`/api/freightdocuments/${id}`, { bearer });
    let head = (document.body.previousCommits as string[])[0]!;
    const verificationUrl = new URL(document.body.verificationUrl as string);
    // The page once before the comments: the server has loaded the page's code, as it has after any first visitor.
    expect((await fetch(`${server.baseUrl}${verificationUrl.pathname}`)).status).toBe(200);
    const before = databaseBytes();
    for (let index = 0; index < COMMENTS; index += 1) {
      // Random letters: text that compresses well would hide what the database keeps.
      const text = `${index} ${crypto.randomBytes(3000).toString('base64')}`.slice(0, 4000);
      const comment = await api.post(`/api/freightdocuments/${id}/comments`, { bearer, json: { text, previousCommits: [head] } });
      expect(comment.status, comment.text).toBe(201);
      head = comment.body.commitId as string;
    }
    const grownMb = (databaseBytes() - before) / 1024 / 1024;

    const probe = await startHeartbeatProbe(server.baseUrl);
    const timings: number[] = [];
    // The first visit checks the chain from the start; the next ones answer from the result kept for these heads.
    for (let visit = 0; visit < 3 || probe.timed() < 10; visit += 1) {
      const started = performance.now();
      const page = await fetch(`${server.baseUrl}${verificationUrl.pathname}`);
      const html = await page.text();
      timings.push(performance.now() - started);
      expect(page.status).toBe(200);
      expect(html).toMatch(/class="banner banner-success"[^>]*data-testid="chain-result"/);
      if (visit > 50) break;
    }
    const heartbeat = await probe.stop();
    console.log(
      `verification: first ${timings[0]!.toFixed(0)} ms, then ${timings
        .slice(1)
        .map((ms) => ms.toFixed(0))
        .join(
          ' ',
        )} ms; heartbeat ${heartbeat.count}, median ${heartbeat.median} ms, max ${heartbeat.max} ms (in order: ${heartbeat.times.join(' ')}); database +${grownMb.toFixed(1)} MB for ${COMMENTS} comments`,
    );
    expect(Math.max(...timings)).toBeLessThan(1_000);
    // The contract's 100 ms for the median; the maximum with a margin for a loaded 2-core machine.
    expect(heartbeat.median).toBeLessThan(100);
    expect(heartbeat.max).toBeLessThan(300);
    expect(grownMb).toBeLessThan(GROWTH_LIMIT_MB);
  }, 600_000);
});
