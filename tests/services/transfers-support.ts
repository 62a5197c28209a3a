/**
 * A document with every party of a transfer chain held by its own account, for the transfer suites of the
 * services tier: submitter, consignor, consignee, carrier and two subsequent carriers, issued.
 */
import { eq } from 'drizzle-orm';
import { accounts } from '@/server/db/schema';
import { open } from '@/server/crypto/secret-box';
import type { ServiceContext } from '@/server/services/context';
import { ACCOUNT_SECRET_PURPOSE } from '@/server/services/accounts/create-account';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { activeAccount, serviceContext, type TestDatabase } from './harness';

export const PARTIES = ['submitter', 'consignor', 'consignee', 'carrier', 'first', 'second', 'outsider'] as const;
export type Party = (typeof PARTIES)[number];
export type People = Record<Party, Awaited<ReturnType<typeof activeAccount>>>;

export async function createPeople(database: TestDatabase): Promise<People> {
  const base = serviceContext(database.handle);
  const people = {} as People;
  for (const party of PARTIES) people[party] = await activeAccount(base, party);
  return people;
}

export function chainBody(people: People, overrides: Record<string, unknown> = {}) {
  return {
    type: 'WAYBILL',
    status: 'ISSUED',
    consignor: { name: 'Acme', countryCode: 'NLD', submittedAccountNumber: people.consignor.accountNumber },
    consignee: { name: 'Beta', countryCode: 'DEU', submittedAccountNumber: people.consignee.accountNumber },
    carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber },
    subsequentCarriers: [
      { name: 'First Relay', submittedAccountNumber: people.first.accountNumber },
      { name: 'Second Relay', submittedAccountNumber: people.second.accountNumber },
    ],
    placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
    goods: 'Pallets',
    ...overrides,
  };
}

export async function issuedChain(database: TestDatabase, people: People, overrides: Record<string, unknown> = {}) {
  const ctx = serviceContext(database.handle, {}, people.submitter.accountId);
  const { freightDocumentId } = await createFreightDocument({ ctx, input: chainBody(people, overrides) });
  return freightDocumentId;
}

export function as(database: TestDatabase, people: People, party: Party): ServiceContext {
  return serviceContext(database.handle, {}, people[party].accountId);
}

export async function heads(database: TestDatabase, people: People, freightDocumentId: string) {
  return (await getFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId } })).previousCommits;
}

export async function accountSecretOf(ctx: ServiceContext, accountId: string) {
  const [row] = await ctx.db.select({ sealed: accounts.accountSecretEncrypted }).from(accounts).where(eq(accounts.id, accountId));
  return open(row!.sealed, ctx.appSecret, ACCOUNT_SECRET_PURPOSE);
}
