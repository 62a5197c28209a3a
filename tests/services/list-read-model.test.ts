/**
 * The list's read model (document_viewers, decision 19) follows every way a role changes hands: a pending e-mail
 * holder activating an account, a per-document delegation and its revocation, a PUT that adds a role, a
 * status change, and cancellation. Each step is checked through the list itself.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the list's read model is SQL that runs
 * again on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegations } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { createAccount } from '@/server/services/accounts/create-account';
import { activateAccountByEmail } from '@/server/services/accounts/activate-account-by-email';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { DOCUMENT_BODY } from '../../scripts/bench/fixtures';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

describe.each(databaseKinds())('list read model (%s)', (kind) => {
  let database: TestDatabase;
  const as = (accountId: string) => serviceContext(database.handle, {}, accountId);
  const listed = async (accountId: string, query: [string, string][] = []) =>
    (await listFreightDocuments({ ctx: as(accountId), input: { query } })).freightDocuments.map((document) => ({
      id: document.freightDocumentId,
      status: document.status,
    }));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  it('follows claims, replacements, delegations, issue and cancellation', async () => {
    const ctx = serviceContext(database.handle);
    const submitter = await activeAccount(ctx, 'Submitter');
    const email = `pending.${Date.now()}@example.test`;
    const body = { ...DOCUMENT_BODY, consignee: { ...DOCUMENT_BODY.consignee, submittedAccountEmailAddress: email } };
    const { freightDocumentId: id } = await createFreightDocument({ ctx: as(submitter.accountId), input: body });

    // A pending holder sees the document from the moment its account is activated.
    const pending = await createAccount({ ctx, input: { name: 'Pending', email, password: 'correct horse battery', acceptTermsAndConditions: true } });
    expect(await listed(pending.accountId)).toEqual([]);
    await activateAccountByEmail({ ctx, input: { email } });
    expect(await listed(pending.accountId)).toEqual([{ id, status: 'DRAFT' }]);

    // A per-document delegation shows it to the delegate; revoking it hides it again.
    const delegate = await activeAccount(ctx, 'Delegate');
    const consigneeRole = (await listFreightDocuments({ ctx: as(pending.accountId), input: { query: [] } })).freightDocuments[0]!.ownPermissions[0]!;
    const delegationId = newId();
    await database.handle.db.insert(delegations).values({
      id: delegationId,
      documentId: id,
      roleId: consigneeRole.roleId,
      role: 'CONSIGNEE',
      grantorAccountId: pending.accountId,
      delegateAccountId: delegate.accountId,
    });
    expect(await listed(delegate.accountId)).toEqual([{ id, status: 'DRAFT' }]);
    await database.handle.db.update(delegations).set({ revokedAt: new Date() }).where(eq(delegations.id, delegationId));
    expect(await listed(delegate.accountId)).toEqual([]);

    // A PUT that adds a role shows the document to its holder; the roles it keeps keep their holders (4.8).
    const carrier = { name: 'Next Carrier', countryCode: 'BEL', submittedAccountNumber: delegate.accountNumber };
    await replaceFreightDocument({ ctx: as(submitter.accountId), input: { freightDocumentId: id, body: { ...body, subsequentCarriers: [carrier] } } });
    expect(await listed(delegate.accountId)).toEqual([{ id, status: 'DRAFT' }]);
    expect(await listed(pending.accountId)).toEqual([{ id, status: 'DRAFT' }]);

    // Status changes reach the read model (a status filter reads it), and cancellation removes the document.
    await issueFreightDocument({ ctx: as(submitter.accountId), input: { freightDocumentId: id } });
    expect(await listed(submitter.accountId, [['filters', 'status.eq.ISSUED']])).toEqual([{ id, status: 'ISSUED' }]);
    expect(await listed(submitter.accountId, [['filters', 'status.eq.DRAFT']])).toEqual([]);
    const { freightDocumentId: draft } = await createFreightDocument({ ctx: as(submitter.accountId), input: DOCUMENT_BODY });
    expect((await listed(submitter.accountId)).map((entry) => entry.id).sort()).toEqual([id, draft].sort());
    await cancelFreightDocument({ ctx: as(submitter.accountId), input: { freightDocumentId: draft } });
    expect(await listed(submitter.accountId)).toEqual([{ id, status: 'ISSUED' }]);
  });
});
