import { estimatedTimesInput } from '@/lib/schemas/freight-document';
import { endpoint, route } from '@/server/http/route';
import { updateEstimatedTimes } from '@/server/services/freight-documents/update-estimated-times';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: endpoint({
    operation: 'PATCH /freightdocuments/{id}/estimatedtimes',
    body: estimatedTimesInput,
    handle: async ({ ctx, params, body }) => ({ body: await updateEstimatedTimes({ ctx, input: { freightDocumentId: params.id!, body } }) }),
  }),
});
