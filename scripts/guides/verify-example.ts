/**
 * The worked example of docs/guides/verify-a-document.md, generated from a real server (never typed by hand): the
 * first two commits of a document with their canonical JSON and digests, written between the guide's
 * `<!-- worked-example -->` markers. tests/integration/chain-verifiers.test.ts runs it on a fresh document when
 * VERIFY_EXAMPLE_WRITE=1; by hand:
 *
 *   npx tsx scripts/guides/verify-example.ts BASE_URL TOKEN DOCUMENT_ID
 */
import fs from 'node:fs';
import path from 'node:path';
import { canonicalJson, digestOf } from '../../src/lib/chain/formula';

const GUIDE = path.resolve(__dirname, '../../docs/guides/verify-a-document.md');
const START = '<!-- worked-example:start -->';
const END = '<!-- worked-example:end -->';

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
interface Served {
  hashVersion: number;
  content: unknown;
  addedRecords: { kind: string; part?: string; digest: string; record: unknown }[];
}

const block = (value: unknown) => `\`\`\`json\n${canonicalJson(value)}\n\`\`\``;

export async function workedExample(base: string, token: string, documentId: string): Promise<string> {
  const get = async <T>(urlPath: string): Promise<T> => {
    const response = await fetch(base + urlPath, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${urlPath}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  const document = await get<{ updates: Update[]; previousCommits: string[] }>(`/freightdocuments/${documentId}`);
  const roots = new Map<string, string>();
  let secondFields: unknown;
  const out: string[] = [];
  for (const [index, update] of document.updates.slice(0, 2).entries()) {
    const commit = await get<Served>(`/freightdocuments/${documentId}/commits/${update.commitId}`);
    const fields = {
      freightDocumentId: update.freightDocumentId,
      changeType: update.changeType,
      accountId: update.accountId,
      newFreightDocumentStatus: update.newFreightDocumentStatus,
      previousCommits: [...update.previousCommits].sort(),
      createDateTimeClient: update.createDateTimeClient,
      createDateTimeServer: update.createDateTimeServer,
      contentHash: update.contentHash,
    };
    if (index === 1) secondFields = fields;
    const records = commit.addedRecords.filter((entry) => entry.kind !== 'PART');
    const partEntries = commit.addedRecords.filter((entry) => entry.kind === 'PART');
    const rootInput = { parents: update.previousCommits.map((parent) => roots.get(parent)).sort(), records: records.map((entry) => entry.digest).sort() };
    const root = digestOf(rootInput);
    roots.set(update.commitId, root);

    out.push(`### Commit ${index + 1}: \`${update.changeType}\``, '');
    out.push('The eight fields of its `updates` entry, canonical (`previousCommits` sorted):', '', block(fields), '');
    out.push(`H of these bytes = \`${digestOf(fields)}\` = its \`commitId\` \`${update.commitId}\`.`, '');
    out.push(
      `Its \`content\` as \`GET …/commits/${update.commitId}\` serves it (hash version ${commit.hashVersion}), canonical:`,
      '',
      block(commit.content),
      '',
    );
    out.push(`H = \`${digestOf(commit.content)}\` = its \`contentHash\`.`, '');
    if (partEntries.length) {
      out.push('The parts it names first, served in `addedRecords` (canonical, then H = the digest in `content.parts`):', '');
      for (const entry of partEntries)
        out.push(`- \`${entry.part}\`:`, '', `  ${block(entry.record).replaceAll('\n', '\n  ')}`, '', `  H = \`${digestOf(entry.record)}\``, '');
    } else {
      out.push('Its parts are its parent’s (the same digests in `content.parts`), so none is served again.', '');
    }
    if (records.length) {
      out.push('The records it added, canonical, each with H = its `digest`:', '');
      for (const entry of records)
        out.push(`- ${entry.kind}:`, '', `  ${block(entry.record).replaceAll('\n', '\n  ')}`, '', `  H = \`${digestOf(entry.record)}\``, '');
    } else {
      out.push('It added no record.', '');
    }
    out.push('Its records root, from its parents’ roots and its records’ digests:', '', block(rootInput), '', `H = \`${root}\` = \`content.records\`.`, '');
  }
  const [first, second] = document.updates as [Update, Update];
  out.push('### The heads', '');
  out.push(
    `Commit 2 names commit 1 (\`${first.commitId.slice(0, 12)}…\`) and no update names commit 2, so the document's \`previousCommits\` is \`${canonicalJson(document.previousCommits)}\`: \`${second.commitId.slice(0, 12)}…\` is its one head.`,
    '',
  );
  const shell = (value: unknown) => `printf '%s' '${canonicalJson(value)}' | sha256sum`;
  out.push('Check a step in a shell, e.g. the second commit’s id from its fields:', '');
  out.push('```sh', shell(secondFields!), `# ${second.commitId}  -`, '```', '');
  return out.join('\n');
}

/** Writes the example into the guide between its markers. */
export async function writeWorkedExample(base: string, token: string, documentId: string): Promise<void> {
  const markdown = fs.readFileSync(GUIDE, 'utf8');
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${GUIDE} has no ${START} … ${END}`);
  const example = await workedExample(base, token, documentId);
  fs.writeFileSync(GUIDE, `${markdown.slice(0, start + START.length)}\n\n${example}\n${markdown.slice(end)}`);
}

if (process.argv[1]?.endsWith('verify-example.ts')) {
  const [base, token, documentId] = process.argv.slice(2);
  if (!base || !token || !documentId) {
    console.error('usage: tsx scripts/guides/verify-example.ts BASE_URL TOKEN DOCUMENT_ID');
    process.exit(2);
  }
  writeWorkedExample(base, token, documentId).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
