/**
 * A real SMTP server that accepts every message and stores it as an .eml file, so that tests running in
 * other processes than the one that started it can read what the service mailed.
 * File names: `<sequence>-<recipients, URI-encoded>.eml`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  dir: string;
  close: () => Promise<void>;
}

export async function startSmtpSink(dir: string, port = 0): Promise<SmtpSink> {
  fs.mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()).join(',');
        const name = `${String(++sequence).padStart(6, '0')}-${encodeURIComponent(recipients)}.eml`;
        // Write under a temporary name first so that readers never see half a message.
        const target = path.join(dir, name);
        fs.writeFileSync(`${target}.part`, Buffer.concat(chunks));
        fs.renameSync(`${target}.part`, target);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');
  return { port: address.port, dir, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
