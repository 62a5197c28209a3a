/**
 * Issue 35: the reference lists exactly the error codes a route answers. Each endpoint is bound to its operation
 * (src/server/http/route.ts), and the integration tiers run their servers with RECORD_ANSWERED_CODES=<dir>
 * (scripts/test.sh), so each REST answer's operation, status, error codes and the codes its operation does not declare
 * are in <dir>/*.jsonl (src/server/http/answered-codes.ts). This fails:
 *   - on any code answered that the operation does not list (or under another status): the reference would make a
 *     client guess;
 *   - once every tier recorded every file of every form (`npm run test:full`; each leaves <dir>/tier-<project>.json, tests/support/recorded-tier.ts), on a
 *     listed code no test made the server answer, unless unreached-codes.txt beside this script says why. An
 *     operation's own codes count per operation; the codes every operation of a kind can answer (GENERAL_ERROR_CODES,
 *     answered by the wrapper before any service runs) count once reached on any operation. After a partial run this
 *     direction is only printed.
 * `--report` prints everything without failing (for a local run of a few files).
 * Usage: tsx --conditions=react-server scripts/openapi/check-answered-codes.ts <dir> [--report]
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorAnswers, GENERAL_ERROR_CODES, undeclaredCodes } from '@/lib/openapi/error-answers';
import type { ApiOperation } from '@/lib/openapi/operation';
import { apiOperations, keyOfOperation } from '@/lib/openapi/operations';
import type { AnsweredCode } from '@/server/http/answered-codes';
import type { RecordedTier } from '../../tests/support/recorded-tier';

const [dir, ...flags] = process.argv.slice(2);
if (!dir) {
  console.error('usage: check-answered-codes.ts <dir> [--report]');
  process.exit(2);
}
const reportOnly = flags.includes('--report');
const ALLOW_LIST = path.join(import.meta.dirname, 'unreached-codes.txt');

const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
const answers: AnsweredCode[] = files
  .filter((file) => file.endsWith('.jsonl'))
  .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean))
  .map((line) => JSON.parse(line) as AnsweredCode);
const tiers = files.filter((file) => /^tier-.+\.json$/.test(file)).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as RecordedTier);

// The tiers scripts/test.sh runs: the PostgreSQL ones only where a server is named.
const expectedTiers = ['integration-pglite', 'integration-s3', ...(process.env.TEST_DATABASE_URL ? ['integration-postgres', 'integration-two-instances'] : [])];
const missingTiers = expectedTiers.filter((name) => !tiers.some((tier) => tier.project === name && !tier.partial));
const complete = missingTiers.length === 0;

/** `<operation> <code>/<status>` of each answer: for the first code its status, for a code beside it each status it is listed under. */
const occurred = new Set<string>();
const undeclared = new Map<string, Set<string>>();
const operations = new Map<string, ApiOperation>(apiOperations.map((operation) => [keyOfOperation(operation), operation]));
for (const answer of answers) {
  if (!answer.operation || !answer.codes.length) continue;
  const operation = operations.get(answer.operation);
  if (!operation) continue;
  // Compared again with the declarations as they are now (the server recorded its own verdict with those it was built with).
  for (const what of undeclaredCodes(operation, answer.status, answer.codes))
    undeclared.set(answer.operation, (undeclared.get(answer.operation) ?? new Set()).add(what));
  const listed = errorAnswers(operation);
  const [first, ...others] = answer.codes;
  occurred.add(`${answer.operation} ${first}/${answer.status}`);
  for (const code of others)
    for (const match of listed.filter((listedAnswer) => listedAnswer.code === code)) occurred.add(`${answer.operation} ${code}/${match.status}`);
}
const occurredAnywhere = new Set([...occurred].map((entry) => entry.slice(entry.lastIndexOf(' ') + 1)));

/** unreached-codes.txt: `<METHOD> <path> <code>: why no test reaches it`, or `* <code>: …` for a general code. */
const allowed = new Map<string, string>();
for (const line of fs.existsSync(ALLOW_LIST) ? fs.readFileSync(ALLOW_LIST, 'utf8').split('\n') : []) {
  const match = /^(\* |(?:GET|POST|PUT|PATCH|DELETE) \S+ )(\d+\.\d+): (.+)$/.exec(line.trim());
  if (match) allowed.set(`${match[1]!.trim()} ${match[2]}`, match[3]!);
  else if (line.trim() && !line.startsWith('#')) throw new Error(`${ALLOW_LIST}: not an entry: ${line}`);
}

const generalCodes = new Set<string>(GENERAL_ERROR_CODES.map((general) => general.code));
const neverReached: string[] = [];
const stillAllowed = new Set<string>();
for (const [key, operation] of operations) {
  const own = new Set<string>(operation.errors);
  for (const answer of errorAnswers(operation)) {
    const general = generalCodes.has(answer.code) && !own.has(answer.code);
    const reached = general ? occurredAnywhere.has(`${answer.code}/${answer.status}`) : occurred.has(`${key} ${answer.code}/${answer.status}`);
    if (reached) continue;
    const entry = general ? `* ${answer.code}` : `${key} ${answer.code}`;
    if (allowed.has(entry)) stillAllowed.add(entry);
    else neverReached.push(`${entry} (${answer.status})`);
  }
}
const uniqueNeverReached = [...new Set(neverReached)].sort();
const reachedButAllowed = [...allowed.keys()].filter((entry) => !stillAllowed.has(entry));

console.log(
  `answered-codes: ${answers.length} answers recorded, ${operations.size} operations; tiers recorded in full: ${tiers
    .filter((tier) => !tier.partial)
    .map((tier) => tier.project)
    .join(', ')}${complete ? '' : ` (not: ${missingTiers.join(', ')})`}`,
);
console.log(`operations whose listed error codes differ from what the route answered: ${undeclared.size}`);
for (const [key, codes] of [...undeclared].sort()) console.log(`  ${key}: answered ${[...codes].sort().join(', ')}, not listed`);
console.log(`listed codes no test reached, not in unreached-codes.txt: ${uniqueNeverReached.length}${complete ? '' : ' (a partial run: not failing)'}`);
for (const entry of uniqueNeverReached) console.log(`  ${entry}`);
console.log(`codes unreached-codes.txt still allows: ${stillAllowed.size}`);
if (complete && reachedButAllowed.length) console.log(`reached now, so remove from unreached-codes.txt:\n  ${reachedButAllowed.join('\n  ')}`);
const failed = undeclared.size > 0 || (complete && uniqueNeverReached.length > 0);
if (failed && !reportOnly) process.exit(1);
