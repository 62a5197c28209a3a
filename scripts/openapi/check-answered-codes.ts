/**
 * Issue 35: the reference lists exactly the error codes a route answers. The integration tiers run their servers
 * with RECORD_ANSWERED_CODES=<dir> (scripts/test.sh), so each REST answer's route, method, status and error codes
 * are in <dir>/*.jsonl (src/server/http/answered-codes.ts). This compares them with each operation's declaration
 * (src/lib/openapi/error-answers.ts: the general codes of its kind plus its own `errors`):
 *   - a code answered that the operation does not list (or under another status) fails the check: the reference
 *     would make a client guess;
 *   - a listed code that no test made the server answer is printed as a warning only: some are reachable only on
 *     rare paths (5.0, a lost race, a full disk), and listing them is still true.
 * `--report` prints both without failing (for a partial run of a few files).
 * Usage: tsx --conditions=react-server scripts/openapi/check-answered-codes.ts <dir> [--report]
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiOperations } from '@/lib/openapi/document';
import { errorAnswers } from '@/lib/openapi/error-answers';
import type { ApiOperation } from '@/lib/openapi/operation';
import type { AnsweredCode } from '@/server/http/answered-codes';

const [dir, ...flags] = process.argv.slice(2);
if (!dir) {
  console.error('usage: check-answered-codes.ts <dir> [--report]');
  process.exit(2);
}
const reportOnly = flags.includes('--report');

/** `/freightdocuments/{id}` and `/api/freightdocuments/[id]` both as `/freightdocuments/{}`. */
const shapeOfOperation = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.path.replace(/\{\w+\}/g, '{}')}`;
const shapeOfRoute = (answer: AnsweredCode) => `${answer.method} ${answer.route.replace(/^\/api(?=\/)/, '').replace(/\[\w+\]/g, '{}')}`;

const operations = new Map(apiOperations.map((operation) => [shapeOfOperation(operation), operation]));
const answers: AnsweredCode[] = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.jsonl'))
      .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as AnsweredCode)
  : [];

const undeclared = new Map<string, Set<string>>();
const occurred = new Set<string>();
const withoutOperation = new Set<string>();
const note = (key: string, what: string) => undeclared.set(key, (undeclared.get(key) ?? new Set()).add(what));
for (const answer of answers) {
  if (answer.method === 'OPTIONS' || answer.route === 'unmatched') continue;
  const key = shapeOfRoute(answer);
  const operation = operations.get(key);
  if (!operation) {
    // A method the path does not offer (405 2.5) is the wrapper's, not an operation's.
    if (!(answer.status === 405 && answer.codes[0] === '2.5')) withoutOperation.add(key);
    continue;
  }
  if (!answer.codes.length) continue;
  const listed = errorAnswers(operation);
  const [first, ...others] = answer.codes;
  occurred.add(`${key} ${first}/${answer.status}`);
  if (!listed.some((listedAnswer) => listedAnswer.code === first && listedAnswer.status === answer.status)) note(key, `${first} (${answer.status})`);
  // The codes beside the first share its status; each need only be listed (under whatever status it sets alone).
  for (const code of others) {
    const matches = listed.filter((listedAnswer) => listedAnswer.code === code);
    if (!matches.length) note(key, `${code} (beside ${first})`);
    for (const match of matches) occurred.add(`${key} ${code}/${match.status}`);
  }
}

const neverAnswered = [...operations].flatMap(([key, operation]) =>
  errorAnswers(operation)
    .filter((answer) => !occurred.has(`${key} ${answer.code}/${answer.status}`))
    .map((answer) => `${key} ${answer.code} (${answer.status})`),
);

console.log(`answered-codes: ${answers.length} answers recorded, ${operations.size} operations`);
if (withoutOperation.size) console.log(`routes answered that the reference does not describe (not checked): ${[...withoutOperation].sort().join(', ')}`);
console.log(
  `warning: ${neverAnswered.length} listed codes no test made the server answer (rare paths stay listed; a test for each is welcome):\n  ${neverAnswered.join('\n  ')}`,
);
console.log(`operations whose listed error codes differ from what the route answered: ${undeclared.size}`);
for (const [key, codes] of [...undeclared].sort()) console.log(`  ${key}: answered ${[...codes].sort().join(', ')}, not listed`);
if (undeclared.size && !reportOnly) process.exit(1);
