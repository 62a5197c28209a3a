import { and, eq, sql } from 'drizzle-orm';
import { saveTemplateInput, type TemplateView } from '@/lib/schemas/templates';
import { documentTemplates } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

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

/** Saves the drafting form under a name to start new documents from (issue 12); the same name replaces it. */
export async function saveTemplate({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<TemplateView> {
  const { name, body } = parseInput(saveTemplateInput, input);
  const accountId = requireAccountId(ctx);
  const now = ctx.now();
  const values = { name, body: templateBody(body), updatedAt: now };
  // The same name (any case) replaces the template; the unique index on lower(name) keeps two saves from doubling it.
  const [updated] = await ctx.db
    .update(documentTemplates)
    .set(values)
    .where(and(eq(documentTemplates.accountId, accountId), sql`lower(${documentTemplates.name}) = lower(${name})`))
    .returning();
  const row =
    updated ??
    (
      await ctx.db
        .insert(documentTemplates)
        .values({ id: newId(), accountId, ...values })
        .returning()
    )[0];
  return { templateId: row!.id, name: row!.name, body: row!.body, updatedAt: row!.updatedAt.toISOString() };
}
