/**
 * POSTs a large body over a raw socket, which fetch cannot do as the body-size tests need: declared by Content-Length
 * or chunked (then without one), written chunk by chunk until the answer begins. The server answers without reading
 * the rest, so a failing write after the answer is expected, not an error.
 */
import net from 'node:net';

export interface RawBody {
  path: string;
  /** Content-Length of `totalBytes`, or Transfer-Encoding: chunked. */
  declareLength: boolean;
  totalBytes: number;
  /** Written again and again up to `totalBytes`. */
  chunk: Buffer;
  headers?: Record<string, string>;
  /** Content-Type: application/json unless given. */
  contentType?: string;
}

/** The answer's status and its body (one chunk of a chunked answer unwrapped). */
export interface RawAnswer {
  status: number;
  body: string;
}

export function postRawBody(
  baseUrl: string,
  { path, declareLength, totalBytes, chunk, headers = {}, contentType = 'application/json' }: RawBody,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    const head = [
      `POST ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      `Content-Type: ${contentType}`,
      declareLength ? `Content-Length: ${totalBytes}` : 'Transfer-Encoding: chunked',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    let received = '';
    let answered = false;
    const finish = () => {
      socket.destroy();
      const headerEnd = received.indexOf('\r\n\r\n');
      const headerText = received.slice(0, headerEnd).toLowerCase();
      let body = received.slice(headerEnd + 4);
      if (/transfer-encoding: chunked/.test(headerText)) body = body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(received.split('\r\n')[0]!.split(' ')[1]), body });
    };
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => {
      answered = true;
      received += data;
      // The whole answer is there once its (chunked or sized) body is complete.
      if (/\r\n0\r\n\r\n$/.test(received) || (/content-length: (\d+)/i.test(received) && received.endsWith('}'))) finish();
    });
    socket.on('close', () => (answered ? finish() : reject(new Error('closed without an answer'))));
    // Node discards the unread rest of an answered request (it keeps the connection), so nothing resets it.
    socket.on('error', () => {
      if (!answered) setTimeout(() => (answered ? finish() : reject(new Error('no answer'))), 2_000);
    });
    const framed = declareLength ? chunk : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes && !answered && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      if (!answered && !socket.destroyed && !declareLength) socket.write('0\r\n\r\n');
    };
    socket.write(head);
    pump();
  });
}
