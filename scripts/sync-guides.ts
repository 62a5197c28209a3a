/** `npm run guides:sync`: copies each example file into the guide blocks that include it (see src/lib/guides). */
import fs from 'node:fs';
import path from 'node:path';
import { GUIDES, withExamples } from '../src/lib/guides/guides';

const dir = path.resolve(__dirname, '../docs/guides');
for (const guide of GUIDES) {
  const file = path.join(dir, guide.file);
  const markdown = fs.readFileSync(file, 'utf8');
  const synced = withExamples(markdown, (example) => fs.readFileSync(path.join(dir, example), 'utf8'));
  if (synced !== markdown) {
    fs.writeFileSync(file, synced);
    console.log(`updated ${path.relative(process.cwd(), file)}`);
  }
}
