/**
 * Issue 20: a draft could mail an address again and again, each PUT that named it in one more role queuing one more
 * "you are named in a document" e-mail (and 300 subsequent carriers queued 301 mails: now at most 50, contract §1).
 * Now an address hears of a document once; a new address still does.
 *
 * A server of this file's own with a METRICS_TOKEN: "once" is proven on the job table (no mail job left), which the
 * tests read through /api/metrics where the server's embedded database (PGlite) is its own.
 *
 * @backends every: two saves at once must not both mail an address (one insert decides).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsSettled, TEST_METRICS_TOKEN } from '../support/job-table';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer, uniqueEmail } from './driver';
import { createDocument, expectResetContent, getDocument, validBody } from './documents-support';

let server: RunningServer;
let api: Driver;
let token: string;

beforeAll(async () => {
  server = await startOwnServer('document-mail-once', { METRICS_TOKEN: TEST_METRICS_TOKEN });
  api = new Driver(serverTarget(server));
  const client = await api.createClient({ name: 'Mail once tests' });
  const submitter = await api.createActiveAccount(client, { name: 'Submitter' });
  token = (await api.login(client, submitter)).access_token;
});

afterAll(async () => {
  await server?.dispose();
});

const put = (id: string, body: unknown) => api.put(`/api/freightdocuments/${id}`, { bearer: token, json: body });

describe('the e-mail that names someone in a document', () => {
  it('goes to an address once per document, however many roles later PUTs give that address', async () => {
    const invitee = uniqueEmail('named-once');
    const leg = (n: number, email = invitee) => ({ name: `Leg ${n}`, countryCode: 'DEU', submittedAccountEmailAddress: email });
    const id = await createDocument(api, token, validBody({ subsequentCarriers: [leg(1)] }));
    await api.mailsTo(invitee);

    // Each PUT names the same address in one more role (roles cannot be removed, contract §4): each used to mail it.
    for (let round = 2; round <= 4; round += 1) {
      const current = await getDocument(api, token, id);
      expectResetContent(await put(id, { ...current, subsequentCarriers: [...current.subsequentCarriers, leg(round)] }));
    }
    // Two saves at once that both add a role of the address (one may be refused as stale; neither mails).
    const current = await getDocument(api, token, id);
    await Promise.all([5, 6].map((n) => put(id, { ...current, subsequentCarriers: [...current.subsequentCarriers, leg(n)] })));

    // A new address is still told; once no mail job is left, nothing more can arrive.
    const newcomer = uniqueEmail('named-new');
    const latest = await getDocument(api, token, id);
    expectResetContent(await put(id, { ...latest, subsequentCarriers: [...latest.subsequentCarriers, leg(7, newcomer)] }));
    await api.mailsTo(newcomer);
    await jobsSettled(server, ['mail.send']);
    expect(await api.mailsTo(invitee)).toHaveLength(1);
  });
});
