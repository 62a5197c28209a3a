/**
 * The machine's limit for the benchmark's GET (issue 13): a bare `node:http` server that answers
 * GET /api/freightdocuments/{id} by reading one stored JSON document with one query, and nothing else (no token, no
 * access rule, no serializer). Whatever our GET costs beyond this is ours to explain.
 * Start: LIMIT_PORT=… DATABASE_URL=… tsx scripts/bench/limit-server.ts
 */
import http from 'node:http';
import postgres from 'postgres';

const DOCUMENT_PATH = /^\/api\/freightdocuments\/([^/]+)$/;

async function main() {
  const port = Number(process.env.LIMIT_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('LIMIT_PORT is required');
  // The same pool size as the service's (src/server/db/client.ts).
  const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
  const send = (response: http.ServerResponse, status: number, text: string) => {
    response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/healthz') return send(response, 200, '{"status":"UP"}');
    const match = DOCUMENT_PATH.exec(url);
    if (!match || request.method !== 'GET') return send(response, 404, '{"errors":[{"code":"2.2"}]}');
    sql<{ body: string }[]>`select content::text as body from freight_documents where id = ${match[1]!}`.then(
      ([row]) => (row ? send(response, 200, row.body) : send(response, 404, '{"errors":[{"code":"4.47"}]}')),
      () => send(response, 500, '{"errors":[{"code":"1.0"}]}'),
    );
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1', () => console.log(`limit server listening on 127.0.0.1:${port}`));
  const stop = () => {
    server.close(() => void sql.end().finally(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
