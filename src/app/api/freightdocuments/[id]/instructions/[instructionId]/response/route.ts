import { instructionResponseInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { answerInstruction } from '@/server/services/legal-events/answer-instruction';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    auth: 'bearer',
    body: instructionResponseInput,
    handle: async ({ ctx, params, body }) => ({
      body: await answerInstruction({ ctx, input: { freightDocumentId: params.id!, instructionId: params.instructionId!, body } }),
    }),
  }),
});
