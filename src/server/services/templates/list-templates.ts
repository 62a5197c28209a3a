import { asc, eq } from 'drizzle-orm';
import type { TemplateView } from '@/lib/schemas/templates';
import { documentTemplates } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';

/** The caller's saved templates, by name. */
export async function listTemplates({ ctx }: { ctx: ServiceContext }): Promise<TemplateView[]> {
  const accountId = requireAccountId(ctx);
  const rows = await ctx.db.select().from(documentTemplates).where(eq(documentTemplates.accountId, accountId)).orderBy(asc(documentTemplates.name));
  return rows.map((row) => ({ templateId: row.id, name: row.name, body: row.body, updatedAt: row.updatedAt.toISOString() }));
}
