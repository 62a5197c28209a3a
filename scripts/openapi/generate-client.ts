/** `npm run client:generate`: rewrites clients/typescript/openapi.json and schema.d.ts from the served document. */
import fs from 'node:fs';
import { DOCUMENT_FILE, SCHEMA_FILE, documentText, schemaText } from './client';

async function main() {
  const document = documentText();
  fs.writeFileSync(DOCUMENT_FILE, document);
  fs.writeFileSync(SCHEMA_FILE, await schemaText(document));
  console.log(`wrote ${DOCUMENT_FILE} and ${SCHEMA_FILE}`);
}

void main();
