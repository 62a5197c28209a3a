/**
 * A file whose bytes are in the blob store already: streamed there by the body gate while the request arrived, or
 * stored from a small body's base64 text by the verb, always before the change's transaction (issue 37). Its own file:
 * the service context holds a request's staged files and staged-files.ts takes the context, an import cycle (issue 33).
 */
export interface StagedFile {
  digest: string;
  size: number;
  /** The first bytes, from which the real type and an image's header are read. */
  head: Buffer;
}

/** A request's staged files by digest. */
export type StagedFiles = Map<string, StagedFile>;
