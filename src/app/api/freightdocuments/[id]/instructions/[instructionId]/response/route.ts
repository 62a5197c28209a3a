import { instructionResponseInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { answerInstruction } from '@/server/services/legal-events/answer-instruction';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/instructions/{instructionId}/response',
    // Contract §1: §14's events may carry files (photos), like comments.
    bodyKind: 'files',
    body: instructionResponseInput,
    handle: async ({ ctx, params, body }) => ({
      body: await answerInstruction({ ctx, input: { freightDocumentId: params.id!, instructionId: params.instructionId!, body } }),
    }),
  }),
});
