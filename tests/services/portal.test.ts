/**
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): search (case and accent folding) and the
 * dashboard are SQL that runs again on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsPattern, foldText } from '@/lib/domain/search-text';
import type { ServiceContext } from '@/server/services/context';
import { deleteAddressBookEntry } from '@/server/services/address-book/delete-address-book-entry';
import { listAddressBook } from '@/server/services/address-book/list-address-book';
import { updateAddressBookEntry } from '@/server/services/address-book/update-address-book-entry';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { getDashboard } from '@/server/services/portal/get-dashboard';
import { ServiceError } from '@/server/errors';
import { deleteTemplate } from '@/server/services/templates/delete-template';
import { listTemplates } from '@/server/services/templates/list-templates';
import { saveTemplate } from '@/server/services/templates/save-template';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const waybill = (overrides: Record<string, unknown>) => ({
  type: 'WAYBILL',
  consignor: { name: 'Müller Logistik GmbH', cityName: 'München', countryCode: 'DEU' },
  consignee: { name: 'Plain Receiver', cityName: 'Leeds', countryCode: 'GBR' },
  placeOfTakingOver: { name: 'Dock 4', cityName: 'Rotterdam', countryCode: 'NLD' },
  goods: 'Pallets',
  ...overrides,
});

describe('search-text folding (pure)', () => {
  it('folds case and accents the same way for the five languages', () => {
    expect(foldText('Crème Brûlée ŁÓDŹ Straße Ørsted Ĳssel')).toBe('creme brulee lodz straße orsted ĳssel');
    expect(foldText('ZAŻÓŁĆ GĘŚLĄ JAŹŃ')).toBe('zazolc gesla jazn');
    expect(containsPattern(' 50%_off\\ ')).toBe('%50\\%\\_off\\\\%');
  });
});

describe.each(databaseKinds())('portal search, address book and dashboard (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;
  let strangerCtx: ServiceContext;
  const ids = { flowers: '', cafe: '', other: '' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    const owner = await activeAccount(base, 'Owner');
    const stranger = await activeAccount(base, 'Stranger');
    ctx = serviceContext(database.handle, {}, owner.accountId);
    strangerCtx = serviceContext(database.handle, {}, stranger.accountId);
    ids.flowers = (
      await createFreightDocument({
        ctx,
        input: waybill({
          consignee: { name: 'Bloemenveiling Aalsmeer', cityName: 'Aalsmeer', countryCode: 'NLD' },
          references: [{ name: 'PO', value: 'ORD-77Ä' }],
        }),
      })
    ).freightDocumentId;
    ids.cafe = (
      await createFreightDocument({
        ctx,
        input: waybill({ consignee: { name: 'Café Crème SARL', cityName: 'Orléans', countryCode: 'FRA' }, establishedPlace: 'Łódź' }),
      })
    ).freightDocumentId;
    ids.other = (await createFreightDocument({ ctx, input: waybill({}) })).freightDocumentId;
    await issueFreightDocument({ ctx, input: { freightDocumentId: ids.other } });
    // Another account's document with the same words is never found.
    await createFreightDocument({ ctx: strangerCtx, input: waybill({ consignee: { name: 'Bloemenveiling Aalsmeer', countryCode: 'NLD' } }) });
  }, 120_000);

  afterAll(async () => database?.dispose());

  const search = async (text: string, query: [string, string][] = []) =>
    (await listFreightDocuments({ ctx, input: { query, search: text } })).freightDocuments.map((document) => document.freightDocumentId).sort();

  it('finds a party name whatever the case and accents, and only the caller’s documents', async () => {
    expect(await search('bloemen')).toEqual([ids.flowers]);
    expect(await search('BLOEMENVEILING aalsmeer')).toEqual([ids.flowers]);
    expect(await search('cafe creme')).toEqual([ids.cafe]);
    expect(await search('CAFÉ CRÈME')).toEqual([ids.cafe]);
    expect(await search('muller')).toEqual([ids.cafe, ids.flowers, ids.other].sort());
  });

  it('finds places, references and service numbers, and combines with the list filters', async () => {
    expect(await search('orleans')).toEqual([ids.cafe]);
    expect(await search('lodz')).toEqual([ids.cafe]);
    expect(await search('ord-77a')).toEqual([ids.flowers]);
    const { serviceNumber } = await getFreightDocument({ ctx, input: { freightDocumentId: ids.other } });
    expect(await search(String(Number(serviceNumber)))).toEqual([ids.other]);
    expect(await search('muller', [['filters', 'status.eq.ISSUED']])).toEqual([ids.other]);
    expect(await search('100%_')).toEqual([]);
  });

  it('the REST list keeps the specification’s query rules: a `q` parameter is 3.25', async () => {
    await expect(listFreightDocuments({ ctx, input: { query: [['q', 'bloemen']] } })).rejects.toBeInstanceOf(ServiceError);
  });

  it('saves every named party in the address book on create and update, once per party', async () => {
    const book = await listAddressBook({ ctx });
    const names = book.map((entry) => entry.name).sort();
    expect(names).toEqual(['Bloemenveiling Aalsmeer', 'Café Crème SARL', 'Dock 4', 'Müller Logistik GmbH', 'Plain Receiver']);
    expect(book.find((entry) => entry.name === 'Müller Logistik GmbH')).toMatchObject({ useCount: 3, party: { cityName: 'München', countryCode: 'DEU' } });
    expect(await listAddressBook({ ctx: strangerCtx })).toHaveLength(3);

    const document = await getFreightDocument({ ctx, input: { freightDocumentId: ids.cafe } });
    await replaceFreightDocument({
      ctx,
      input: {
        freightDocumentId: ids.cafe,
        body: { ...waybill({}), consignee: { ...(document.consignee as object), contactPhoneNumber: '+33 1 23 45 67 89' }, consignor: document.consignor },
      },
    });
    const cafe = (await listAddressBook({ ctx })).find((entry) => entry.name === 'Café Crème SARL');
    expect(cafe).toMatchObject({ useCount: 2, party: { contactPhoneNumber: '+33 1 23 45 67 89' } });
    expect(cafe!.party).not.toHaveProperty('roleId');
  });

  it('lets the owner edit and delete entries, and no one else', async () => {
    const entry = (await listAddressBook({ ctx })).find((item) => item.name === 'Plain Receiver')!;
    await expect(updateAddressBookEntry({ ctx: strangerCtx, input: { entryId: entry.entryId, party: { name: 'Stolen' } } })).rejects.toMatchObject({
      items: [{ code: '4.1' }],
    });
    const updated = await updateAddressBookEntry({
      ctx,
      input: { entryId: entry.entryId, party: { ...entry.party, name: 'Plain Receiver Ltd', postalCode: 'LS1 4AP' } },
    });
    expect(updated).toMatchObject({ name: 'Plain Receiver Ltd', party: { postalCode: 'LS1 4AP', cityName: 'Leeds' } });
    await expect(updateAddressBookEntry({ ctx, input: { entryId: entry.entryId, party: { name: ' ' } } })).rejects.toBeInstanceOf(ServiceError);
    await expect(deleteAddressBookEntry({ ctx: strangerCtx, input: { entryId: entry.entryId } })).rejects.toBeInstanceOf(ServiceError);
    await deleteAddressBookEntry({ ctx, input: { entryId: entry.entryId } });
    expect((await listAddressBook({ ctx })).map((item) => item.name)).not.toContain('Plain Receiver Ltd');
  });

  it('the dashboard counts per status and lists the drafts to finish', async () => {
    const dashboard = await getDashboard({ ctx, input: { todayStart: new Date(Date.now() - 3600_000).toISOString() } });
    expect(dashboard.counts).toEqual({ DRAFT: 2, ISSUED: 1, TRANSIT: 0, DELIVERED: 0 });
    expect(dashboard.draftsToFinish.map((item) => item.freightDocumentId).sort()).toEqual([ids.flowers, ids.cafe].sort());
    expect(dashboard.recent).toHaveLength(3);
    expect(dashboard.awaitingMyApproval).toEqual([]);
    expect(dashboard.deliveredToday).toEqual([]);
  });
});

describe.each(databaseKinds())('saved templates (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;
  let strangerCtx: ServiceContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    ctx = serviceContext(database.handle, {}, (await activeAccount(base, 'Templater')).accountId);
    strangerCtx = serviceContext(database.handle, {}, (await activeAccount(base, 'Other')).accountId);
  }, 60_000);
  afterAll(async () => database?.dispose());

  it('keeps one template per name, without what belongs to one document, and only for its account', async () => {
    const body = waybill({ status: 'ISSUED', consignee: { name: 'Flowers', roleId: 'r1' }, attachments: [{ type: 'GENERAL' }], previousCommits: ['c1'] });
    const saved = await saveTemplate({ ctx, input: { name: 'Weekly flowers', body } });
    expect(saved.body).not.toHaveProperty('status');
    expect(saved.body).not.toHaveProperty('attachments');
    expect(saved.body).not.toHaveProperty('previousCommits');
    expect(saved.body.consignee).toEqual({ name: 'Flowers' });
    await saveTemplate({ ctx, input: { name: 'WEEKLY FLOWERS', body: waybill({ goods: 'Tulips' }) } });
    const list = await listTemplates({ ctx });
    expect(list.map((template) => [template.name, template.body.goods])).toEqual([['WEEKLY FLOWERS', 'Tulips']]);
    expect(await listTemplates({ ctx: strangerCtx })).toEqual([]);
    await expect(deleteTemplate({ ctx: strangerCtx, input: { templateId: list[0]!.templateId } })).rejects.toMatchObject({ items: [{ code: '4.1' }] });
    await deleteTemplate({ ctx, input: { templateId: list[0]!.templateId } });
    expect(await listTemplates({ ctx })).toEqual([]);
    // A template is a starting point: a document made from it is validated as any other.
    const created = await createFreightDocument({ ctx, input: saved.body });
    expect(created.status).toBe('DRAFT');
  });
});
