import { z } from 'zod';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { accountProcedure, router } from '../init';

const documentId = z.object({ freightDocumentId: z.string().min(1) });

/** The portal's document screens; the same services as REST, the same list query syntax. */
export const documentsRouter = router({
  list: accountProcedure
    .input(z.object({ filters: z.string().optional(), sort: z.string().optional(), limit: z.number().int().optional(), first: z.number().int().optional() }))
    .query(({ ctx, input }) => {
      const query = Object.entries(input)
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => [key, String(value)] as [string, string]);
      return listFreightDocuments({ ctx: ctx.service, input: { query } });
    }),
  get: accountProcedure.input(documentId).query(({ ctx, input }) => getFreightDocument({ ctx: ctx.service, input })),
  // Bodies are validated by the service, which reports field and cross-field errors together.
  create: accountProcedure.input(z.unknown()).mutation(({ ctx, input }) => createFreightDocument({ ctx: ctx.service, input })),
  replace: accountProcedure
    .input(z.object({ freightDocumentId: z.string().min(1), body: z.unknown() }))
    .mutation(({ ctx, input }) => replaceFreightDocument({ ctx: ctx.service, input })),
  issue: accountProcedure.input(documentId).mutation(({ ctx, input }) => issueFreightDocument({ ctx: ctx.service, input })),
  cancel: accountProcedure.input(documentId).mutation(({ ctx, input }) => cancelFreightDocument({ ctx: ctx.service, input })),
});
