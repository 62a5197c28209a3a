/**
 * A raw @react-pdf/renderer render, for `npm run bench`'s PDF part: the same renderer the worker pool runs, called
 * directly N times on one input (a JSON file), timings printed as JSON. A process of its own because the bench runs
 * under the `react-server` condition, whose React build has no reconciler for react-pdf.
 * Usage: node --import tsx scripts/bench/pdf-raw.mts <input.json> <count>
 */
import fs from 'node:fs';
import { renderCmrPdf } from '../../src/server/pdf/render-cmr';

const [file, countText] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(file!, 'utf8'));
await renderCmrPdf(input);
const times: number[] = [];
for (let i = 0; i < Number(countText); i += 1) {
  const started = performance.now();
  await renderCmrPdf(input);
  times.push(performance.now() - started);
}
process.stdout.write(JSON.stringify(times));
