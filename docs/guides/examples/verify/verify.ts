/**
 * Verifies a freight document's commit chain from the API alone, with node:crypto and fetch only
 * (the formula: docs/guides/verify-a-document.md). Runs as it stands on Node 22.18+ (`node verify.ts`, types are
 * stripped) or with `npx tsx verify.ts` on older Node (18+).
 *
 *   node verify.ts BASE_URL TOKEN DOCUMENT_ID     e.g. node verify.ts https://fds.example.com/api "$TOKEN" 5b1c…
 *
 * Checks every commit id, content hash, record and part digest, records root, the heads, and each attachment's
 * SHA-256 against its bytes where the API serves them to this token. Exit 0: all recompute; 1: the first mismatch
 * (printed); 2: the API could not be read.
 */
import { createHash } from 'node:crypto';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * RFC 8785 canonical JSON. JSON.stringify already writes strings and numbers as RFC 8785 asks; only the key order
 * (sorted by UTF-16 code units, which is how JavaScript compares strings) and the absence of whitespace are added.
 */
export function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('not representable in JSON');
  return JSON.stringify(value);
}

/** H(x): SHA-256 (lowercase hex) of the canonical JSON of a value. */
export const H = (value: Json): string => createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');

interface Update {
  commitId: string;
  freightDocumentId: string;
  changeType: string;
  accountId: string | null;
  newFreightDocumentStatus: string | null;
  previousCommits: string[];
  createDateTimeClient: string | null;
  createDateTimeServer: string;
  contentHash: string;
}
interface AddedRecord {
  kind: string;
  part?: string;
  digest: string;
  record: Json;
}
interface Commit {
  commitId: string;
  contentHash: string;
  hashVersion: number;
  content: { records: string; parts: Record<string, string> } | null;
  addedRecords: AddedRecord[];
}

class Mismatch extends Error {}
class Unreadable extends Error {}

/** Every attachment entry ({attachmentId, …, sha256}) inside a value. */
function attachmentsIn(value: Json): { attachmentId: string; sha256: string }[] {
  if (Array.isArray(value)) return value.flatMap(attachmentsIn);
  if (value === null || typeof value !== 'object') return [];
  const own = typeof value.attachmentId === 'string' && typeof value.sha256 === 'string' ? [{ attachmentId: value.attachmentId, sha256: value.sha256 }] : [];
  return [...own, ...Object.values(value).flatMap(attachmentsIn)];
}

export async function verify(base: string, token: string, documentId: string): Promise<string> {
  const get = async (path: string) => {
    const response = await fetch(base + path, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Unreadable(`cannot read ${path}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response;
  };
  const document = (await (await get(`/freightdocuments/${documentId}`)).json()) as { updates?: Update[]; previousCommits: string[] };
  const updates = document.updates;
  if (!Array.isArray(updates)) throw new Unreadable('the document answer has no updates');
  const roots = new Map<string, string>();
  const partsOf = new Map<string, Record<string, string>>();
  const checked = new Set<string>();
  let records = 0;
  let parts = 0;
  let files = 0;
  let unserved = 0;

  for (const [index, update] of updates.entries()) {
    const commit = update.commitId;
    const at = `commit ${index + 1} ${commit} (${update.changeType})`;
    // 1. The commit id: H of the update's eight fields, previousCommits sorted, null where absent.
    if (update.freightDocumentId !== documentId) throw new Mismatch(`${at}: freightDocumentId is not ${documentId}`);
    const id = H({
      freightDocumentId: update.freightDocumentId,
      changeType: update.changeType,
      accountId: update.accountId ?? null,
      newFreightDocumentStatus: update.newFreightDocumentStatus ?? null,
      previousCommits: [...update.previousCommits].sort(),
      createDateTimeClient: update.createDateTimeClient ?? null,
      createDateTimeServer: update.createDateTimeServer ?? null,
      contentHash: update.contentHash ?? null,
    });
    if (id !== commit) throw new Mismatch(`${at}: its fields hash to ${id}`);
    for (const parent of update.previousCommits) if (!roots.has(parent)) throw new Mismatch(`${at}: parent ${parent} is not an earlier update`);

    // 2. The content hash: H(content), content served exactly as hashed (null only for hash version 1).
    const served = (await (await get(`/freightdocuments/${documentId}/commits/${commit}`)).json()) as Commit;
    if (served.commitId !== commit || served.contentHash !== update.contentHash)
      throw new Mismatch(`${at}: the commit endpoint names another commitId or contentHash`);
    const { hashVersion: version, content } = served;
    if (content === null) {
      if (version !== 1) throw new Mismatch(`${at}: no content served for hash version ${version}`);
    } else if (H(content as unknown as Json) !== update.contentHash) {
      throw new Mismatch(`${at}: its content does not hash to contentHash ${update.contentHash}`);
    }
    if (![1, 2, 3, 4, 5].includes(version)) throw new Mismatch(`${at}: hash version ${version} is unknown to this verifier`);

    // 3. Every added record and part hashes to its digest; the records (not the parts) fold into the root.
    for (const entry of served.addedRecords) {
      if (H(entry.record) !== entry.digest) throw new Mismatch(`${at}: the ${entry.kind} ${entry.digest} does not hash to its digest`);
    }
    const digests = served.addedRecords.filter((entry) => entry.kind !== 'PART').map((entry) => entry.digest);
    records += digests.length;
    parts += served.addedRecords.length - digests.length;
    const root = H({ parents: update.previousCommits.map((parent) => roots.get(parent)!).sort(), records: [...digests].sort() });
    roots.set(commit, root);

    // 4. Version 5: the content names that root, and each part is served here or named alike by a parent.
    if (version === 5 && content) {
      if (content.records !== root) throw new Mismatch(`${at}: records root is not ${root}`);
      for (const [name, want] of Object.entries(content.parts)) {
        const here = served.addedRecords.find((entry) => entry.kind === 'PART' && entry.part === name);
        if (here && here.digest !== want) throw new Mismatch(`${at}: part ${name} served as ${here.digest}, content names ${want}`);
        if (!here && !update.previousCommits.some((parent) => partsOf.get(parent)?.[name] === want)) {
          throw new Mismatch(`${at}: part ${name} (${want}) is neither served nor a parent's`);
        }
      }
      partsOf.set(commit, content.parts);
    }

    // 5. Attachments the records and parts name: the SHA-256 of their bytes, where this token may read them.
    for (const file of attachmentsIn(served.addedRecords.map((entry) => entry.record))) {
      if (checked.has(file.attachmentId)) continue;
      checked.add(file.attachmentId);
      const response = await fetch(`${base}/attachment/${file.attachmentId}/content`, { headers: { Authorization: `Bearer ${token}` } });
      if (response.status !== 200) {
        unserved += 1;
        continue;
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) {
        throw new Mismatch(`${at}: the bytes of attachment ${file.attachmentId} do not hash to ${file.sha256}`);
      }
      files += 1;
    }
  }

  // 6. The heads: the document's previousCommits are exactly the updates no later update names.
  const named = new Set(updates.flatMap((update) => update.previousCommits));
  const heads = updates.map((update) => update.commitId).filter((commit) => !named.has(commit));
  if (canonicalJson([...document.previousCommits].sort()) !== canonicalJson(heads.sort())) {
    throw new Mismatch(`heads: previousCommits ${JSON.stringify(document.previousCommits)} are not the updates no update names`);
  }
  return `OK ${updates.length} commits, ${records} records, ${parts} parts, ${files} attachments by their bytes (${unserved} not served to this token); heads ${document.previousCommits.join(',')}`;
}

// The command line, only when this file is run (not when an app imports `verify`).
if (process.argv[1]?.endsWith('verify.ts')) {
  const [base, token, documentId] = process.argv.slice(2);
  if (!base || !token || !documentId) {
    console.error('usage: verify.ts BASE_URL TOKEN DOCUMENT_ID');
    process.exit(2);
  }
  verify(base, token, documentId).then(
    (summary) => console.log(summary),
    (error: unknown) => {
      console.error(error instanceof Mismatch ? `MISMATCH: ${error.message}` : `cannot read the document: ${String(error)}`);
      process.exit(error instanceof Mismatch ? 1 : 2);
    },
  );
}
