/**
 * A stand-in eFTI gate for the tests (contract §15): it records the identifier uploads a platform PUTs to it
 * (`PUT /v0/consignments/{datasetId}`, REF gate-api-for-platform.yaml), checking their Basic credentials, and calls the
 * platform's two routes for gates with Basic credentials, as the public eFTI TestBed's gate does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedUpload {
  datasetId: string;
  body: string;
  contentType: string | undefined;
  authorization: string | undefined;
  receivedAt: number;
}

export interface GateReply {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface StandInGate {
  /** The gate's platform API base: the platform's EFTI_GATE_URL. */
  url: string;
  /** Uploads answered 2xx, oldest first. */
  uploads: ReceivedUpload[];
  /** Every PUT, whatever it was answered. */
  requests: ReceivedUpload[];
  /** How the n-th PUT (1-based, counting every PUT) is answered; 204 by default. */
  answerWith: (answer: (count: number) => number) => void;
  /** Waits until `datasetId` has at least `count` accepted uploads (polling, with a deadline). */
  waitForUploads: (datasetId: string, count: number, timeoutMs?: number) => Promise<ReceivedUpload[]>;
  /** `GET {platform}/api/v0/consignments/{datasetId}?subsetId=…` as the gate sends it. */
  read: (datasetId: string, subsetIds: string[], options?: CallOptions) => Promise<GateReply>;
  /** `POST {platform}/api/v0/consignments/{datasetId}/follow-up`, text/plain. */
  followUp: (datasetId: string, text: string, options?: CallOptions & { contentType?: string }) => Promise<GateReply>;
  close: () => Promise<void>;
}

export interface CallOptions {
  requestId?: string;
  /** Credentials other than the gate's own (null: none at all). */
  credentials?: { username: string; password: string } | null;
  headers?: Record<string, string>;
}

export interface StandInGateOptions {
  /** What the platform must send (EFTI_GATE_USERNAME/PASSWORD). */
  expects: { username: string; password: string };
  /** What the gate sends the platform (EFTI_INBOUND_USERNAME/PASSWORD). */
  sends: { username: string; password: string };
  /** The platform's base URL, once known. */
  platformUrl?: () => string;
}

const basic = ({ username, password }: { username: string; password: string }) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export async function startStandInGate(options: StandInGateOptions): Promise<StandInGate> {
  const uploads: ReceivedUpload[] = [];
  const requests: ReceivedUpload[] = [];
  let answer: (count: number) => number = () => 204;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/v0\/consignments\/([^/?]+)$/.exec((request.url ?? '').split('?')[0]!);
      if (request.method !== 'PUT' || !match) {
        response.writeHead(404).end();
        return;
      }
      const upload = {
        datasetId: decodeURIComponent(match[1]!),
        body: Buffer.concat(chunks).toString('utf8'),
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        receivedAt: Date.now(),
      };
      requests.push(upload);
      if (upload.authorization !== basic(options.expects)) {
        response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="gate"' }).end();
        return;
      }
      const status = answer(requests.length);
      if (status >= 200 && status < 300) uploads.push(upload);
      response.writeHead(status).end();
    });
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const call = async (method: string, path: string, body: string | undefined, callOptions: CallOptions & { contentType?: string } = {}): Promise<GateReply> => {
    const credentials = callOptions.credentials === undefined ? options.sends : callOptions.credentials;
    const headers: Record<string, string> = {
      Accept: 'application/xml',
      ...(credentials ? { Authorization: basic(credentials) } : {}),
      ...(callOptions.requestId ? { 'X-Request-ID': callOptions.requestId } : {}),
      ...(body !== undefined ? { 'Content-Type': callOptions.contentType ?? 'text/plain' } : {}),
      ...callOptions.headers,
    };
    const response = await fetch(`${options.platformUrl!()}${path}`, { method, headers, body });
    const text = await response.text();
    const json = /application\/json/i.test(response.headers.get('content-type') ?? '') && text ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, text, body: json };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    requests,
    answerWith: (next) => (answer = next),
    waitForUploads: async (datasetId, count, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = uploads.filter((upload) => upload.datasetId === datasetId);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`the gate received ${found.length} of ${count} uploads for ${datasetId} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    read: (datasetId, subsetIds, callOptions) => {
      const query = subsetIds.map((subset) => `subsetId=${encodeURIComponent(subset)}`).join('&');
      return call('GET', `/api/v0/consignments/${encodeURIComponent(datasetId)}${query ? `?${query}` : ''}`, undefined, callOptions);
    },
    followUp: (datasetId, text, callOptions) => call('POST', `/api/v0/consignments/${encodeURIComponent(datasetId)}/follow-up`, text, callOptions),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
