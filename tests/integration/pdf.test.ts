/**
 * Issue 11, parts 1 and 3, through the real server: the consignment note as PDF (`Accept: application/pdf`),
 * read back with poppler's pdftotext (every box label, the service number, parties and goods, the watermark on every
 * page), its QR code decoded from the rendered page and opened, the cache answering the same bytes, and the public
 * verification page reporting an intact chain, recording the visit, and naming the commit a test alters in the
 * database.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDateTime } from '@/lib/i18n/local-time';
import { CMR_BOXES, CMR_LABELS, PARTNER_WATERMARK } from '@/lib/pdf/cmr-labels';
import type { RunningServer } from '../support/server';
import { validBody } from './documents-support';
import { Driver, serverTarget, sharedDriver, startOwnServer, type Client } from './driver';
import { createCast, Transfers, type Cast } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;
let documentId: string;

/** A signature as a tablet sends it: a 160×60 PNG with a stroke across. */
function signaturePng(): Buffer {
  const png = new PNG({ width: 160, height: 60 });
  png.data.fill(255);
  for (let x = 10; x < 150; x += 1) {
    const y = Math.round(30 + 15 * Math.sin(x / 12));
    for (const dy of [0, 1, 2]) png.data.writeUInt32BE(0x000000ff, ((y + dy) * 160 + x) * 4);
  }
  return PNG.sync.write(png);
}

async function getPdf(id: string, token: string, headers: Record<string, string> = {}, baseUrl = api.target.baseUrl) {
  const response = await fetch(`${baseUrl}/api/freightdocuments/${id}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf', ...headers },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The PDF's text per page (pdftotext pages end with a form feed), whitespace collapsed; diagonal text left out. */
function pdfPages(pdf: Buffer): string[] {
  const text = execFileSync('pdftotext', ['-nodiag', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
  return text
    .split('\f')
    .map((page) => page.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Page 1 rendered at 200 dpi by pdftoppm, its QR code decoded by jsQR. */
function decodeQr(pdf: Buffer): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const image = PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
    return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A page's HTML without the markers React puts between adjacent text nodes. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');

beforeAll(async () => {
  client = await api.createClient({ name: 'PDF tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  documentId = await transfers.create({
    subsequentCarriers: undefined,
    goods: undefined,
    placeOfTakingOver: { name: 'Dock 4 Rotterdam', cityName: 'Rotterdam', countryCode: 'NLD' },
    placeOfDelivery: { name: 'Lager Köln-Süd', cityName: 'Köln', countryCode: 'DEU' },
    structuredGoods: [
      {
        type: 'GOOD',
        name: 'Granny Smith apples',
        numberOfPackages: 12,
        methodOfPackaging: 'pallet',
        weight: 4800,
        volume: 14.5,
        ssccCode: '376123450000000017',
      },
      { type: 'GOOD', name: 'Żółte gruszki', numberOfPackages: 3, methodOfPackaging: 'crate', weight: 600 },
    ],
    specialAgreements: 'Keep between 2 and 6 °C',
  });
  const carrierRole = (await transfers.read('carrier', documentId)).carrier.roleId;
  const plates = await transfers.plates('carrier', documentId, {
    roleId: carrierRole,
    licensePlates: [{ licensePlate: 'BX-123-Z', countryCode: 'NLD', type: 'TRUCK' }],
  });
  expect(plates.status, plates.text).toBe(200);
  expect((await transfers.own('consignor', documentId, { action: 'COLLECTION', ownRole: 'CONSIGNOR', place: 'Rotterdam, Dock 4' })).status).toBe(201);
  expect((await transfers.own('carrier', documentId, { action: 'COLLECTION', ownRole: 'CARRIER', place: 'Rotterdam' })).status).toBe(201);
  const signed = await transfers.counterParty('carrier', documentId, {
    action: 'DELIVERY',
    ownRole: 'CONSIGNEE',
    place: 'Köln, Tor 3',
    evidence: {
      signedOnGlassBy: { name: 'Bea Receiver' },
      attachments: [{ content: signaturePng().toString('base64'), mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png' }],
    },
  });
  expect(signed.status, signed.text).toBe(201);
  expect((await transfers.own('carrier', documentId, { action: 'DELIVERY', ownRole: 'CARRIER' })).status).toBe(201);
}, 180_000);

describe('GET /freightdocuments/{id} as PDF', () => {
  it('prints every box label in the country pair’s languages, the service number, parties, goods, plates and approvals; the watermark on every page', async () => {
    const { response, bytes } = await getPdf(documentId, cast.consignor.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="?CMR-\d{12}\.pdf"?$/);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await transfers.read('consignor', documentId);

    const pages = pdfPages(bytes);
    const text = pages.join(' ');
    // Taking over in the Netherlands, delivery in Germany: Dutch first (no Accept-Language), German, English.
    expect(response.headers.get('content-language')).toBe('nl');
    for (const box of CMR_BOXES) {
      for (const lang of ['en', 'de', 'nl'] as const) expect(text, `box ${box} (${lang})`).toContain(CMR_LABELS[lang].boxes[box]);
    }
    expect(text).not.toContain(CMR_LABELS.fr.boxes[1]);
    expect(text).toContain(document.serviceNumber);
    for (const name of ['Acme Shipping', 'Beta Foods', 'Fast Trucks', 'Dock 4 Rotterdam', 'Lager Köln-Süd']) expect(text).toContain(name);
    for (const goods of ['Granny Smith apples', 'Żółte gruszki', 'pallet', '4800', '376123450000000017']) expect(text).toContain(goods);
    for (const printed of ['BX-123-Z', 'Bea Receiver', 'SIGN ON GLASS', 'Rotterdam, Dock 4', 'Köln, Tor 3', 'Keep between 2 and 6 °C'])
      expect(text).toContain(printed);
    expect(text).toContain(document.verificationUrl);
    // Times in the local time of their place with the offset (decision 0027): collection in Rotterdam, delivery in Köln.
    for (const approval of document.approvals as { action: string; createDateTimeServer: string }[]) {
      const zone = approval.action === 'COLLECTION' ? 'Europe/Amsterdam' : 'Europe/Berlin';
      expect(text).toContain(pdfDateTime(approval.createDateTimeServer, zone));
    }
    expect(text).toMatch(/ UTC\+0[12]:00/);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toContain(PARTNER_WATERMARK);
    // The fonts travel with the file (every EU language without the reader's fonts).
    const fonts = execFileSync('pdffonts', ['-'], { input: bytes }).toString();
    expect(fonts).toMatch(/DejaVuSansCondensed\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('Accept-Language picks the main label language; English always stays; at most three', async () => {
    const { response, bytes } = await getPdf(documentId, cast.consignor.token, { 'Accept-Language': 'pl-PL, en;q=0.5' });
    expect(response.headers.get('content-language')).toBe('pl');
    const text = pdfPages(bytes).join(' ');
    expect(text).toContain(CMR_LABELS.pl.boxes[18]);
    expect(text).toContain(CMR_LABELS.en.boxes[18]);
    expect(text).toContain(CMR_LABELS.nl.boxes[18]);
    expect(text).not.toContain(CMR_LABELS.de.boxes[18]);
  });

  it('a cached render answers the very same bytes until the next commit, which renders anew', async () => {
    const first = await getPdf(documentId, cast.consignee.token);
    const again = await getPdf(documentId, cast.consignee.token);
    expect(again.response.headers.get('x-cache')).toBe('HIT');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.response.headers.get('etag')).toBe(first.response.headers.get('etag'));

    expect((await transfers.comment('carrier', documentId, { text: 'Two pallets wrapped loosely' })).status).toBe(201);
    const after = await getPdf(documentId, cast.consignee.token);
    expect(after.response.headers.get('x-cache')).toBe('MISS');
    expect(after.response.headers.get('etag')).not.toBe(first.response.headers.get('etag'));
    expect(pdfPages(after.bytes).join(' ')).toContain('Two pallets wrapped loosely');
  });

  it('answers 4.47 to an outsider and 406 to a type it does not offer', async () => {
    const outsider = await getPdf(documentId, cast.outsider.token);
    expect(outsider.response.status).toBe(404);
    expect(JSON.parse(outsider.bytes.toString()).errors[0].code).toBe('4.47');
    const refused = await api.get(`/api/freightdocuments/${documentId}`, { bearer: cast.consignor.token, headers: { Accept: 'image/png' } });
    expect(refused.status).toBe(406);
  });

  // Issue 35: one media type per operation, so generated clients get one type per call; the Accept form stays.
  it('GET …/pdf answers the same PDF as Accept: application/pdf, without Accept too; JSON there is 406, an outsider 4.47', async () => {
    const byAccept = await getPdf(documentId, cast.consignee.token);
    const byPath = await fetch(`${api.target.baseUrl}/api/freightdocuments/${documentId}/pdf`, {
      headers: { Authorization: `Bearer ${cast.consignee.token}` },
    });
    expect(byPath.status).toBe(200);
    expect(byPath.headers.get('content-type')).toBe('application/pdf');
    expect(byPath.headers.get('etag')).toBe(byAccept.response.headers.get('etag'));
    expect(Buffer.from(await byPath.arrayBuffer()).equals(byAccept.bytes)).toBe(true);
    const json = await api.get(`/api/freightdocuments/${documentId}/pdf`, { bearer: cast.consignee.token, headers: { Accept: 'application/json' } });
    expect(json.status).toBe(406);
    const outsider = await api.get(`/api/freightdocuments/${documentId}/pdf`, { bearer: cast.outsider.token, headers: { Accept: '*/*' } });
    expect(outsider.status).toBe(404);
    expect(outsider.body.errors[0].code).toBe('4.47');
  });
});

describe('verification page', () => {
  it('the QR code decoded from the rendered page opens the public page: intact, the summary only, the visit recorded', async () => {
    const { bytes } = await getPdf(documentId, cast.carrier.token);
    const url = decodeQr(bytes);
    const document = await transfers.read('carrier', documentId);
    expect(url).toBe(document.verificationUrl);
    expect(url).toMatch(/\/verify\/[0-9a-f]{64}$/);
    expect(url).not.toContain(documentId);

    const page = await fetch(url!, { headers: { 'Accept-Language': 'en' } });
    expect(page.status).toBe(200);
    const html = textOf(await page.text());
    expect(html).toContain('Integrity of the history: Intact');
    expect(html).toContain(document.serviceNumber);
    for (const name of ['Acme Shipping', 'Beta Foods', 'Fast Trucks', 'Dock 4 Rotterdam']) expect(html).toContain(name);
    expect(html).toContain('Signature on glass');
    // Nothing else of the content: no goods, no plates, no signer.
    for (const hidden of ['Granny Smith', 'BX-123-Z', 'Bea Receiver', documentId]) expect(html).not.toContain(hidden);

    const german = textOf(await (await fetch(url!, { headers: { 'Accept-Language': 'de' } })).text());
    expect(german).toContain('Unversehrt');
    // Two visits of one visitor within the hour are one access (issue 20: counted per visitor and hour).
    const accesses = (await transfers.read('submitter', documentId)).accesses;
    expect(accesses.length).toBeGreaterThanOrEqual(1);
    expect(accesses.at(-1)).toEqual({ type: 'VERIFICATION_PAGE', accessDateTime: expect.stringMatching(/^\d{4}-.*Z$/) });
    // An access is no commit: the heads did not move.
    expect((await transfers.read('submitter', documentId)).previousCommits).toEqual(document.previousCommits);
  });

  it('an unknown token is the portal’s own 404 page', async () => {
    for (const token of ['0'.repeat(64), 'not-a-token']) {
      const page = await fetch(`${api.target.baseUrl}/verify/${token}`, { headers: { 'Accept-Language': 'en' } });
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Document not found');
    }
  });
});

describe('a commit altered in the database', () => {
  let server: RunningServer;
  afterAll(async () => {
    await server?.dispose();
  });

  it('makes the verification page name the broken commit', async () => {
    server = await startOwnServer('pdf-tamper');
    const own = new Driver(serverTarget(server));
    const ownClient = await own.createClient({ name: 'Tamper' });
    const submitter = await own.createActiveAccount(ownClient);
    const token = (await own.login(ownClient, submitter)).access_token;
    const created = await own.post('/api/freightdocuments', { bearer: token, json: validBody() });
    expect(created.status, created.text).toBe(201);
    const id = created.body.freightDocumentId;
    expect((await own.put(`/api/freightdocuments/${id}`, { bearer: token, json: validBody({ goods: '14 pallets of pears' }) })).status).toBe(205);
    // A draft has no verification page (issue 20): issued, it has.
    const issued = await own.post(`/api/freightdocuments/${id}/issue`, { bearer: token });
    expect(issued.status, issued.text).toBe(200);
    const document = (await own.get(`/api/freightdocuments/${id}`, { bearer: token })).body;
    const [, second] = document.updates;
    expect((await fetch(document.verificationUrl)).status).toBe(200);

    // Someone with database access rewrites history: the second change claims to be another kind of change.
    await server.stop();
    const tamper = `update document_commits set change_type = 'CREATE' where id = '${second.commitId}'`;
    if (server.dataDir) {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(path.join(server.dataDir, 'pgdata'));
      await db.exec(tamper);
      await db.close();
    } else {
      const sql = postgres(server.databaseUrl!, { max: 1 });
      await sql.unsafe(tamper);
      await sql.end();
    }
    await server.restart();

    const html = textOf(await (await fetch(document.verificationUrl, { headers: { 'Accept-Language': 'en' } })).text());
    expect(html).toContain('Integrity of the history: Broken');
    expect(html).toContain(`The history breaks at change 2 (commit ${second.commitId})`);
  }, 120_000);
});
