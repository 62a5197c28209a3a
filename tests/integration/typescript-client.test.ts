/**
 * Issue 23: the generated TypeScript client (clients/typescript, openapi-fetch over openapi-typescript's types) against
 * the shared real server: its README example creates a draft and reads it back, and a refusal arrives typed as the
 * service's error body.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { draftAndRead } from '../../clients/typescript/example';
import { createFdsClient, type FdsClient } from '../../clients/typescript/index';
import { sharedDriver } from './driver';

describe('the generated TypeScript client', () => {
  const api = sharedDriver();
  let fds: FdsClient;

  beforeAll(async () => {
    const client = await api.createClient({ name: 'TypeScript client' });
    const account = await api.createActiveAccount(client, { name: 'Tess Typed' });
    const token = (await api.login(client, account)).access_token as string;
    fds = createFdsClient({ baseUrl: `${api.target.baseUrl}/api`, accessToken: () => token });
  }, 120_000);

  it('creates a draft and reads it (the example)', async () => {
    const draft = await draftAndRead(fds);
    expect(draft.freightDocumentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.location).toContain(`/freightdocuments/${draft.freightDocumentId}`);
    expect(draft).toMatchObject({ status: 'DRAFT', serviceNumber: expect.stringMatching(/^\d{12}$/) });
  });

  it('answers a refusal as the typed error body', async () => {
    // Deliberately incomplete at run time (a client built from untyped input), so the cast is the point of the test.
    const refused = await fds.POST('/freightdocuments', { body: { type: 'WAYBILL' } as never });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.errors.map((error) => error.code)).toContain('3.1');
  });
});
