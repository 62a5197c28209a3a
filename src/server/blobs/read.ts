import type { Readable } from 'node:stream';
import { digestOfStream } from './hashing';

/** The digest of a blob's bytes read to the end, or undefined when the blob is missing. */
export async function digestOfStreamOrMissing(stream: Readable | undefined): Promise<string | undefined> {
  return stream ? (await digestOfStream(stream)).digest : undefined;
}
