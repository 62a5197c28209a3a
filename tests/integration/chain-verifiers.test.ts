/**
 * Issue 35 (item 1): the chain is verifiable from the API alone. The three published verifiers of the guide
 * "Verify a document yourself" (docs/guides/examples/verify: bash with curl + jq + sha256sum, Python 3 stdlib,
 * TypeScript with node:crypto) are run as an integrator runs them, against the real server, on a document with every
 * kind of change: each recomputes every commit id, content hash, record and part digest, records root, attachment
 * digest and the heads. Through a proxy that alters one served content, one record or one update, each fails with the
 * mismatch. `npm test` runs one verifier drawn by the run's seed (the shell one alone takes ~40 s), with its tamper
 * checks; `npm run test:full` runs all three. With VERIFY_EXAMPLE_WRITE=1 the run also writes the guide's worked example from a real document.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleOf } from '../support/sampling';
import { REPO_ROOT } from '../support/server';
import { writeWorkedExample } from '../../scripts/guides/verify-example';
import { sharedDriver, type Reply } from './driver';
import { expectResetContent, PDF_BYTES, PNG_BYTES } from './documents-support';
import { chainBody, createCast, Transfers, type Cast } from './transfers-support';

const run = promisify(execFile);
const VERIFY = path.join(REPO_ROOT, 'docs/guides/examples/verify');
const TSX_CLI = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

/** How the guide tells to run each verifier. */
const VERIFIERS = {
  shell: ['bash', [path.join(VERIFY, 'verify.sh')]],
  python: ['python3', [path.join(VERIFY, 'verify.py')]],
  typescript: [process.execPath, [TSX_CLI, path.join(VERIFY, 'verify.ts')]],
} as const;
type Language = keyof typeof VERIFIERS;

async function verifier(language: Language, base: string, token: string, id: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, prefix] = VERIFIERS[language];
  try {
    const { stdout, stderr } = await run(command, [...prefix, base, token, id], { env: { ...process.env, LC_ALL: 'C.UTF-8' }, timeout: 170_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? String(error) };
  }
}

const api = sharedDriver();
let cast: Cast;
let transfers: Transfers;
let id: string;

function created(reply: Reply, status = 201) {
  expect(reply.status, reply.text).toBe(status);
  return reply;
}

/**
 * A document with every kind of change: created as a draft with a goods file, replaced by PUT, a general file added,
 * issued; comments (one with a photo, one with characters RFC 8785 and jq treat specially), a reservation kept and one
 * withdrawn, plates; the collection by the carrier's own approval and the consignor's two-factor code, an instruction
 * and its answer, the hand-over to the subsequent carrier on both own accounts, the delivery signed on glass.
 */
async function documentWithEveryChange(): Promise<string> {
  const submitter = cast.submitter.token;
  const draft = created(
    await api.post('/api/freightdocuments', {
      bearer: submitter,
      json: chainBody(cast, {
        status: 'DRAFT',
        subsequentCarriers: [{ name: 'First Relay', countryCode: 'BEL', submittedAccountNumber: cast.first.accountNumber }],
        attachments: [{ type: 'GOODS', originalFileName: 'packing-list.pdf', content: PDF_BYTES.toString('base64') }],
      }),
    }),
  );
  const documentId = draft.body.freightDocumentId as string;
  const drafted = await transfers.read('submitter', documentId);
  expectResetContent(
    await api.put(`/api/freightdocuments/${documentId}`, {
      bearer: submitter,
      json: { ...drafted, goods: '14 pallets of paper, 2 °C “cool”', attachments: drafted.attachments },
    }),
  );
  created(
    await api.post(`/api/freightdocuments/${documentId}/attachments`, {
      bearer: submitter,
      json: { type: 'GENERAL', originalFileName: 'terms.pdf', content: PDF_BYTES.toString('base64'), sealed: false },
    }),
  );
  created(await api.post(`/api/freightdocuments/${documentId}/issue`, { bearer: submitter }), 200);

  const heads = async () => (await transfers.read('submitter', documentId)).previousCommits;
  created(
    await transfers.comment('carrier', documentId, {
      text: 'Pallet 3 photographed',
      attachments: [{ content: PNG_BYTES.toString('base64'), originalFileName: 'pallet.png' }],
    }),
  );
  // DEL (jq writes \u007f, RFC 8785 the character), a backslash before it, a character beyond U+FFFF, U+2028.
  created(await transfers.comment('carrier', documentId, { text: 'Kühlkette geprüft \\\u007f \u007f 📦 \u2028 ende' }));
  created(await transfers.comment('carrier', documentId, { text: 'Torn wrap on pallet 3', reservation: { stage: 'TAKING_OVER', kind: 'PACKAGING' } }));
  const mistaken = created(
    await transfers.comment('carrier', documentId, { text: 'Shortage of two cartons', reservation: { stage: 'TAKING_OVER', kind: 'SHORTAGE' } }),
  );
  created(await transfers.call('carrier', 'POST', documentId, `comments/${mistaken.body.commentId}/withdrawal`, {}), 200);
  const carrierRoleId = (await transfers.read('carrier', documentId)).carrier.roleId;
  created(
    await transfers.plates('carrier', documentId, {
      roleId: carrierRoleId,
      licensePlates: [
        { licensePlate: 'AB-123-C', countryCode: 'NLD', type: 'TRUCK' },
        { licensePlate: 'TR-9', countryCode: 'NLD', type: 'TRAILER' },
      ],
    }),
    200,
  );

  const { responseCode } = await transfers.responseCodeFor('carrier', 'consignor', documentId, (document) => document.collectionSecrets);
  created(await transfers.own('carrier', documentId, { action: 'COLLECTION', ownRole: 'CARRIER', place: 'Rotterdam' }));
  created(await transfers.counterParty('carrier', documentId, { action: 'COLLECTION', evidence: { responseCode } }));

  const given = created(await transfers.call('consignor', 'POST', documentId, 'instructions', { kind: 'OTHER', text: 'Ring the bell twice' }));
  created(await transfers.call('carrier', 'POST', documentId, `instructions/${given.body.instructions[0].instructionId}/response`, { accepted: true }), 200);

  created(await transfers.own('carrier', documentId, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER' }));
  created(await transfers.own('first', documentId, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER' }));
  created(await transfers.own('first', documentId, { action: 'DELIVERY', ownRole: 'SUBSEQUENT_CARRIER' }));
  const delivered = created(
    await transfers.counterParty('first', documentId, {
      action: 'DELIVERY',
      ownRole: 'CONSIGNEE',
      place: 'Köln',
      previousCommits: await heads(),
      evidence: {
        signedOnGlassBy: { name: 'Bea Receiver', email: 'bea@example.test' },
        attachments: [
          { content: PNG_BYTES.toString('base64'), mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png', attachmentId: '', sealed: '' },
        ],
      },
    }),
  );
  expect(delivered.body.status).toBe('DELIVERED');
  return documentId;
}

/** A proxy in front of the server that changes one kind of answer (a served content, a record, an update). */
async function tamperingProxy(target: string, tamper: (url: string, body: any) => boolean) {
  const server = http.createServer(async (request, response) => {
    const upstream = await fetch(target + request.url, { headers: { authorization: request.headers.authorization ?? '' } });
    let bytes = Buffer.from(await upstream.arrayBuffer());
    const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
    if (type.startsWith('application/json')) {
      const body = JSON.parse(bytes.toString('utf8'));
      if (tamper(request.url ?? '', body)) bytes = Buffer.from(JSON.stringify(body));
    }
    response.writeHead(upstream.status, { 'content-type': type, 'content-length': bytes.length });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

beforeAll(async () => {
  const client = await api.createClient({ name: 'Chain verifiers' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  id = await documentWithEveryChange();
}, 180_000);

describe('the published verifiers (docs/guides/examples/verify)', () => {
  it('the document has every kind of change and every approval type', async () => {
    const document = await transfers.read('submitter', id);
    expect(new Set(document.updates.map((update: any) => update.changeType))).toEqual(
      new Set([
        'CREATE',
        'UPDATE',
        'ATTACHMENT',
        'ISSUE',
        'COMMENT',
        'RESERVATION',
        'RESERVATION_WITHDRAWAL',
        'LICENSE_PLATES',
        'APPROVAL',
        'INSTRUCTION',
        'INSTRUCTION_RESPONSE',
      ]),
    );
    expect(new Set(document.approvals.map((approval: any) => approval.type))).toEqual(new Set(['OWN', 'TFA', 'SIGN_ON_GLASS']));
  });

  for (const language of sampleOf(Object.keys(VERIFIERS) as Language[], 1, 'chain-verifiers')) {
    it(`${language}: verifies the whole chain from the API alone, and fails on a tampered content, record or update`, async () => {
      const base = `${api.target.baseUrl}/api`;
      const ok = await verifier(language, base, cast.submitter.token, id);
      expect(ok.code, ok.stderr).toBe(0);
      const document = await transfers.read('submitter', id);
      // Every commit, the records (5 comments, the withdrawal, 2 legal events, 7 approvals) and attachments by their bytes.
      expect(ok.stdout).toMatch(new RegExp(`^OK ${document.updates.length} commits, (\\d+) records, (\\d+) parts, [1-9]\\d* attachments by their bytes`));
      expect(ok.stdout.trim().endsWith(`heads ${document.previousCommits.join(',')}`)).toBe(true);

      const middle = document.updates[Math.floor(document.updates.length / 2)];
      const withdrawal = document.updates.find((update: any) => update.changeType === 'RESERVATION_WITHDRAWAL');
      const tamperings: [string, (url: string, body: any) => boolean, RegExp][] = [
        [
          'a served content',
          (url, body) => url.endsWith(`/commits/${middle.commitId}`) && ((body.content.custody = [...body.content.custody, 'x']), true),
          /content does not hash/,
        ],
        [
          'a served record',
          (url, body) => {
            if (!url.endsWith(`/commits/${withdrawal.commitId}`)) return false;
            body.addedRecords[0].record.body = { withdrawn: 'nothing' };
            return true;
          },
          /does not hash to its digest/,
        ],
        [
          'an update',
          (url, body) => {
            if (!url.endsWith(`/freightdocuments/${id}`)) return false;
            body.updates[2].createDateTimeServer = new Date(Date.parse(body.updates[2].createDateTimeServer) - 1000).toISOString();
            return true;
          },
          /fields hash to/,
        ],
        ['the heads', (url, body) => url.endsWith(`/freightdocuments/${id}`) && ((body.previousCommits = [body.updates[1].commitId]), true), /heads/],
      ];
      for (const [what, tamper, message] of tamperings) {
        const proxy = await tamperingProxy(api.target.baseUrl, tamper);
        try {
          const refused = await verifier(language, `${proxy.url}/api`, cast.submitter.token, id);
          expect(refused.code, `${what}: ${refused.stdout}${refused.stderr}`).toBe(1);
          expect(refused.stderr, what).toMatch(/^MISMATCH: /);
          expect(refused.stderr, what).toMatch(message);
        } finally {
          await proxy.close();
        }
      }
    }, 180_000);
  }
});

describe('where an integrator finds the formula', () => {
  it('the procedures statement gives it and names the guide, which the reference serves', async () => {
    const procedures = await api.get('/api/procedures');
    expect(procedures.status).toBe(200);
    const integrity: string = procedures.body.procedures.integrity;
    for (const part of [
      'RFC 8785',
      'SHA-256',
      'previousCommits (sorted)',
      'createDateTimeServer',
      'GET /freightdocuments/{id}/commits/{commitId}',
      'records',
    ]) {
      expect(integrity).toContain(part);
    }
    expect(integrity).toMatch(/https?:\/\/\S+\/docs\/guides\/verify-a-document /);
    const guide = await fetch(`${api.target.baseUrl}/docs/guides/verify-a-document`);
    expect(guide.status).toBe(200);
    const html = await guide.text();
    expect(html).toContain('Verify a document yourself');
    expect(html).toContain('worked example');
  });
});

describe('the guide’s worked example', () => {
  it.runIf(process.env.VERIFY_EXAMPLE_WRITE === '1')('is written from a real document: created issued, then a comment', async () => {
    const made = created(await api.post('/api/freightdocuments', { bearer: cast.submitter.token, json: chainBody(cast, { subsequentCarriers: undefined }) }));
    const documentId = made.body.freightDocumentId as string;
    created(await transfers.comment('carrier', documentId, { text: 'Seal 4711 intact' }));
    await writeWorkedExample(`${api.target.baseUrl}/api`, cast.submitter.token, documentId);
  });
});
