/** `npm run client:generate`: rewrites clients/typescript/schema.d.ts from the document the service serves. */
import fs from 'node:fs';
import { SCHEMA_FILE, documentText, schemaText } from './client';

async function main() {
  fs.writeFileSync(SCHEMA_FILE, await schemaText(documentText()));
  console.log(`wrote ${SCHEMA_FILE}`);
}

void main();
