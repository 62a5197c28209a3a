/** `npm run openapi:export -- <file>`: writes the OpenAPI document the service serves (for linters and generators). */
import fs from 'node:fs';
import { documentText } from './client';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run openapi:export -- <file>');
  process.exit(2);
}
fs.writeFileSync(target, documentText());
console.log(`wrote ${target}`);
