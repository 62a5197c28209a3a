import { and, count, eq, sql } from 'drizzle-orm';
import { TEMPLATES_PER_ACCOUNT } from '@/lib/domain/account-limits';
import { saveTemplateInput, type TemplateView } from '@/lib/schemas/templates';
import { accounts, documentTemplates } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';

/** Parts of a body a template must not carry: they belong to one document. */
const DOCUMENT_ONLY = ['status', 'attachments', 'previousCommits'];

function templateBody(body: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(body).filter(([key]) => !DOCUMENT_ONLY.includes(key)));
  // Role ids name one document's roles; a new document gets its own.
  const strip = (party: unknown) => {
    if (typeof party !== 'object' || party === null) return party;
    const { roleId: _roleId, ...rest } = party as Record<string, unknown>;
    return rest;
  };
  for (const slot of ['consignor', 'consignee', 'carrier', 'placeOfTakingOver', 'placeOfDelivery']) if (slot in kept) kept[slot] = strip(kept[slot]);
  if (Array.isArray(kept.subsequentCarriers)) kept.subsequentCarriers = kept.subsequentCarriers.map(strip);
  if (Array.isArray(kept.structuredGoods)) {
    kept.structuredGoods = kept.structuredGoods.map((line) => {
      const { productId: _productId, ...rest } = line as Record<string, unknown>;
      return rest;
    });
  }
  return kept;
}

/**
 * Saves the drafting form under a name to start new documents from (issue 12); the same name replaces it. At most
 * TEMPLATES_PER_ACCOUNT templates (`4.2` on `templates`) of at most 64 KiB each (`3.2` on `body`, in the schema).
 */
export async function saveTemplate({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<TemplateView> {
  const { name, body } = parseInput(saveTemplateInput, input);
  const accountId = requireAccountId(ctx);
  const now = ctx.now();
  const values = { name, body: templateBody(body), updatedAt: now };
  const row = await inTransaction(ctx, async (tx) => {
    // The same name (any case) replaces the template; the unique index on lower(name) keeps two saves from doubling it.
    const [updated] = await tx
      .update(documentTemplates)
      .set(values)
      .where(and(eq(documentTemplates.accountId, accountId), sql`lower(${documentTemplates.name}) = lower(${name})`))
      .returning();
    if (updated) return updated;
    // The account's row serialises its new templates, so two saves at 99 cannot both become the 100th.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [counted] = await tx.select({ n: count() }).from(documentTemplates).where(eq(documentTemplates.accountId, accountId));
    if ((counted?.n ?? 0) >= TEMPLATES_PER_ACCOUNT) fail('4.2', 'templates', { description: `At most ${TEMPLATES_PER_ACCOUNT} templates per account.` });
    const [inserted] = await tx
      .insert(documentTemplates)
      .values({ id: newId(), accountId, ...values })
      .returning();
    return inserted!;
  });
  return { templateId: row.id, name: row.name, body: row.body, updatedAt: row.updatedAt.toISOString() };
}
