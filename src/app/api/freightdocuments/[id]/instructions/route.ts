import { instructionInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { giveInstruction } from '@/server/services/legal-events/give-instruction';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/instructions',
    // Contract §1: §14's events may carry files (photos), like comments.
    bodyKind: 'files',
    body: instructionInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await giveInstruction({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
