import { licensePlatesInput } from '@/lib/schemas/transfers';
import { endpoint, route } from '@/server/http/route';
import { updateLicensePlates } from '@/server/services/transfers/update-license-plates';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: endpoint({
    operation: 'PATCH /freightdocuments/{id}/licenseplates',
    body: licensePlatesInput,
    handle: async ({ ctx, params, body }) => ({ body: await updateLicensePlates({ ctx, input: { freightDocumentId: params.id!, body } }) }),
  }),
});
