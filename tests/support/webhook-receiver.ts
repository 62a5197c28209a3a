/**
 * A real webhook receiver for the tests: a node:http server that keeps every request it gets and verifies each
 * with the `standardwebhooks` library, as a client system would, using the secret registered for its path.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The library accepted the signature (and the timestamp) with the path's secret. */
  verified: boolean;
  receivedAt: number;
}

/** How the receiver answers one request: a status, or `hold` to keep the request open until released. */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number } | 'hold';

export interface WebhookReceiver {
  url: (path: string) => string;
  port: number;
  received: ReceivedWebhook[];
  /** Registers the signing secret of the subscription that posts to `path`. */
  secretFor: (path: string, secret: string) => void;
  /** How requests to `path` are answered (default 200). */
  answer: (path: string, answer: Answer | ((count: number) => Answer)) => void;
  to: (path: string) => ReceivedWebhook[];
  /** Waits until `path` received at least `count` requests. */
  waitFor: (path: string, count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  /** Answers held requests (with 200) and stops holding new ones. */
  release: () => void;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const secrets = new Map<string, string>();
  const answers = new Map<string, Answer | ((count: number) => Answer)>();
  const held: http.ServerResponse[] = [];
  const to = (path: string) => received.filter((request) => request.path === path);

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      const secret = secrets.get(path);
      if (secret) {
        try {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      received.push({ path, headers: request.headers, body, verified, receivedAt: Date.now() });
      const configured = answers.get(path) ?? { status: 200 };
      const answer = typeof configured === 'function' ? configured(to(path).length) : configured;
      if (answer === 'hold') {
        held.push(response);
        return;
      }
      setTimeout(() => {
        response.writeHead(answer.status, answer.headers);
        response.end('ok');
      }, answer.delayMs ?? 0);
    });
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const release = () => {
    for (const [path, answer] of answers) if (answer === 'hold') answers.delete(path);
    for (const response of held.splice(0)) {
      response.writeHead(200);
      response.end('ok');
    }
  };

  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    secretFor: (path, secret) => secrets.set(path, secret),
    answer: (path, answer) => answers.set(path, answer),
    to,
    waitFor: async (path, count, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (to(path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path}: ${to(path).length} of ${count} webhooks within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(path);
    },
    release,
    close: async () => {
      for (const response of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
