/**
 * The benchmark's baseline: a bare `node:http` server that parses the four measured paths minimally, resolves
 * the bearer token, counts writes against the same rate limits (write-guards.ts: the product's rule, not a cost of
 * Next.js) and calls the same service functions on the same database as the Next.js routes. The gap between the
 * two is what Next.js (routing, Request/Response objects, proxy, wrapper) costs per request.
 * Start: BARE_PORT=… DATABASE_URL=… tsx scripts/bench/bare-server.ts
 */
import http from 'node:http';
import { closeDb, getDatabaseHandle } from '@/server/db/client';
import { errorItem, ServiceError } from '@/server/errors';
import { parseBearer } from '@/server/http/auth';
import { errorResponse } from '@/server/http/respond';
import { limitWrite } from '@/server/http/write-guards';
import { createServiceContext, type ServiceContext } from '@/server/services/context';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { resolveAccessToken } from '@/server/services/oauth/resolve-access-token';

const DOCUMENT_PATH = /^\/api\/freightdocuments\/([^/]+)(\/issue)?$/;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

async function authenticated(request: http.IncomingMessage): Promise<ServiceContext> {
  const ctx = await createServiceContext();
  const token = parseBearer(request.headers.authorization ?? null);
  if (!token) throw new ServiceError([errorItem('1.8')]);
  ctx.caller = await resolveAccessToken({ ctx, input: { token } });
  await limitWrite(request.method ?? 'GET', { ctx });
  return ctx;
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://bare');
  const method = request.method ?? 'GET';
  if (url.pathname === '/healthz') return send(response, 200, { status: 'UP' });

  if (url.pathname === '/api/freightdocuments') {
    if (method === 'GET') {
      const ctx = await authenticated(request);
      return send(response, 200, await listFreightDocuments({ ctx, input: { query: url.searchParams.entries() } }));
    }
    if (method === 'POST') {
      const ctx = await authenticated(request);
      let body: unknown;
      try {
        body = JSON.parse(await readBody(request));
      } catch {
        throw new ServiceError([errorItem('2.4')]);
      }
      const { freightDocumentId } = await createFreightDocument({ ctx, input: body });
      return send(response, 201, { freightDocumentId }, { Location: `/api/freightdocuments/${freightDocumentId}` });
    }
  }

  const match = DOCUMENT_PATH.exec(url.pathname);
  if (match) {
    const freightDocumentId = decodeURIComponent(match[1]!);
    if (!match[2] && method === 'GET') {
      const ctx = await authenticated(request);
      return send(response, 200, await getFreightDocument({ ctx, input: { freightDocumentId } }));
    }
    if (match[2] && method === 'POST') {
      const ctx = await authenticated(request);
      return send(response, 200, await issueFreightDocument({ ctx, input: { freightDocumentId } }));
    }
  }
  throw new ServiceError([errorItem('2.2')]);
}

async function main() {
  const port = Number(process.env.BARE_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('BARE_PORT is required');
  await getDatabaseHandle('tool');
  const server = http.createServer((request, response) => {
    handle(request, response).catch(async (error: unknown) => {
      // The same error mapping as the REST wrapper (contract §1), read back from its Response.
      const answer = errorResponse(error);
      send(response, answer.status, await answer.json(), Object.fromEntries(answer.headers));
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => console.log(`bare server listening on 127.0.0.1:${port}`));
  const stop = () => {
    server.close(() => void closeDb().finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
