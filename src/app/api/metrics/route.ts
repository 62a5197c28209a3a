import { parseBearer } from '@/server/http/auth';
import { endpoint, route } from '@/server/http/route';
import { readMetrics } from '@/server/services/operations/read-metrics';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: endpoint({
    operation: 'GET /metrics',
    produces: ['text/plain'],
    handle: async ({ ctx, request }) => {
      const { contentType, text } = await readMetrics({ ctx, input: { bearer: parseBearer(request.headers.get('authorization')) } });
      return new Response(text, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
    },
  }),
});
