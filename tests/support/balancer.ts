/**
 * A round-robin load balancer for the two-instance tier: every request (not every connection) goes to the next
 * instance, so the requests of one test, and of one keep-alive connection, are spread over both. The Host header is
 * passed on unchanged, as a real balancer does, so both instances see the one public address (PUBLIC_URL).
 * Answers carry `X-Test-Instance` (0 or 1), for the tests that check the spreading itself.
 */
import http from 'node:http';
import type net from 'node:net';

export interface Balancer {
  port: number;
  baseUrl: string;
  /** Requests forwarded to each instance so far. */
  served: number[];
  /** The instances to forward to; set once they are up (they need the balancer's address first). */
  setUpstreams: (baseUrls: string[]) => void;
  close: () => Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function endToEnd(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

export async function startBalancer(): Promise<Balancer> {
  let upstreams: URL[] = [];
  const served: number[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((request, response) => {
    if (upstreams.length === 0) {
      response.writeHead(503).end('no instances yet');
      return;
    }
    const index = next;
    next = (next + 1) % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = upstreams[index]!;
    const forwarded = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: endToEnd(request.headers), agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...endToEnd(answer.headers), 'x-test-instance': String(index) });
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end(`balancer: ${error.message}`);
      else response.destroy(error);
    });
    request.pipe(forwarded);
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    setUpstreams: (baseUrls) => {
      upstreams = baseUrls.map((url) => new URL(url));
      served.length = 0;
      for (let i = 0; i < baseUrls.length; i += 1) served.push(0);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
