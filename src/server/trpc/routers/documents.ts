import { z } from 'zod';
import { issueQuoteView } from '@/lib/schemas/account';
import { freightDocumentBody } from '@/lib/schemas/freight-document';
import {
  cancelledFreightDocumentResponse,
  createdFreightDocumentResponse,
  freightDocumentListResponse,
  freightDocumentResponse,
} from '@/lib/schemas/freight-document-response';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { getIssueQuote } from '@/server/services/freight-documents/get-issue-quote';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { myApprovalInput } from '@/lib/schemas/transfers';
import { accountProcedure, router } from '../init';

const documentId = z.object({ freightDocumentId: z.string().min(1) });
/** The list query of the REST API (contract §4), as separate fields; the service parses it with the same rules. */
const listInput = z.object({
  filters: z.string().optional(),
  sort: z.string().optional(),
  limit: z.number().int().optional(),
  first: z.number().int().optional(),
  /** The portal's search box: not a list query parameter of the contract, so passed to the service on its own. */
  q: z.string().max(200).optional(),
});

/** The portal's document screens; the same services as REST, the same list query syntax, the same response schemas. */
export const documentsRouter = router({
  list: accountProcedure
    .input(listInput)
    .output(freightDocumentListResponse)
    .query(({ ctx, input: { q, ...input } }) => {
      const query = Object.entries(input)
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([key, value]) => [key, String(value)] as [string, string]);
      return listFreightDocuments({ ctx: ctx.service, input: { query, search: q } });
    }),
  get: accountProcedure
    .input(documentId)
    .output(freightDocumentResponse)
    .query(({ ctx, input }) => getFreightDocument({ ctx: ctx.service, input })),
  create: accountProcedure
    .input(freightDocumentBody)
    .output(createdFreightDocumentResponse.extend({ status: z.enum(['DRAFT', 'ISSUED']) }))
    .mutation(({ ctx, input }) => createFreightDocument({ ctx: ctx.service, input })),
  replace: accountProcedure
    .input(documentId.extend({ body: freightDocumentBody }))
    .output(createdFreightDocumentResponse)
    .mutation(({ ctx, input }) => replaceFreightDocument({ ctx: ctx.service, input })),
  issue: accountProcedure
    .input(documentId)
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => issueFreightDocument({ ctx: ctx.service, input })),
  cancel: accountProcedure
    .input(documentId)
    .output(cancelledFreightDocumentResponse)
    .mutation(({ ctx, input }) => cancelFreightDocument({ ctx: ctx.service, input })),
  /** The counter party's own approval from the portal (contract §7, type OWN): the service decides whether it may. */
  approve: accountProcedure
    .input(documentId.extend({ body: myApprovalInput }))
    .output(freightDocumentResponse)
    .mutation(({ ctx, input }) => submitMyApproval({ ctx: ctx.service, input })),
  issueQuote: accountProcedure
    .input(z.object({ freightDocumentId: z.string().optional() }).optional())
    .output(issueQuoteView)
    .query(({ ctx, input }) => getIssueQuote({ ctx: ctx.service, input })),
});
