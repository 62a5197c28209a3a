/**
 * Creates a draft waybill and reads it back through the typed client.
 *
 *   FDS_API=http://localhost:3000/api FDS_TOKEN=<access token> npx tsx clients/typescript/example.ts
 *
 * tests/integration/typescript-client.test.ts runs draftAndRead against a real server.
 */
import { createFdsClient, type FdsClient } from './index';

export async function draftAndRead(fds: FdsClient) {
  const created = await fds.POST('/freightdocuments', {
    body: {
      type: 'WAYBILL',
      consignor: { name: 'Acme', countryCode: 'NLD' },
      consignee: { name: 'Beta', countryCode: 'DEU' },
      placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
      structuredGoods: [{ name: 'Pallet', numberOfPackages: 12, weight: 480, weightUnit: 'KILOGRAM' }],
    },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  if (created.error) throw new Error(`create refused: ${JSON.stringify(created.error)}`);
  const { freightDocumentId } = created.data;

  const read = await fds.GET('/freightdocuments/{id}', { params: { path: { id: freightDocumentId } } });
  if (read.error) throw new Error(`read refused: ${JSON.stringify(read.error)}`);
  const { serviceNumber, status } = read.data;
  return { freightDocumentId, location: created.response.headers.get('Location'), serviceNumber, status };
}

if (process.argv[1]?.endsWith('example.ts')) {
  const fds = createFdsClient({ baseUrl: process.env.FDS_API ?? 'http://localhost:3000/api', accessToken: process.env.FDS_TOKEN });
  draftAndRead(fds).then(
    ({ freightDocumentId, serviceNumber, status }) => console.log(freightDocumentId, serviceNumber, status),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
