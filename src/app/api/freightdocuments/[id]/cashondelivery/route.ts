import { cashOnDeliveryInput } from '@/lib/schemas/legal-events';
import { endpoint, route } from '@/server/http/route';
import { recordCashOnDelivery } from '@/server/services/legal-events/record-cash-on-delivery';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: endpoint({
    operation: 'POST /freightdocuments/{id}/cashondelivery',
    // Contract §1: §14's events may carry files (photos), like comments.
    bodyKind: 'files',
    body: cashOnDeliveryInput,
    handle: async ({ ctx, params, body }) => ({
      status: 201,
      body: await recordCashOnDelivery({ ctx, input: { freightDocumentId: params.id!, body } }),
      headers: { Location: `/api/freightdocuments/${params.id}` },
    }),
  }),
});
