import { and, eq } from 'drizzle-orm';
import { templateId } from '@/lib/schemas/templates';
import { documentTemplates } from '@/server/db/schema';
import { fail, parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

/** Removes one of the caller's templates (another account's is 4.1, as if absent). */
export async function deleteTemplate({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<{ deleted: true }> {
  const { templateId: id } = parseInput(templateId, input);
  const accountId = requireAccountId(ctx);
  const removed = await ctx.db
    .delete(documentTemplates)
    .where(and(eq(documentTemplates.id, id), eq(documentTemplates.accountId, accountId)))
    .returning({ id: documentTemplates.id });
  if (removed.length === 0) fail('4.1', 'templateId');
  return { deleted: true };
}
