import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The eFTI reference schemas (contract §15), used in place from shared/vendor/efti-xsd beside the repository (never
 * copied into it); EFTI_XSD_DIR names another copy. Validation is libxml2's `xmllint` (Debian's libxml2-utils, which
 * scripts/test.sh installs).
 */
export const EFTI_XSD_DIR = process.env.EFTI_XSD_DIR ?? path.resolve(__dirname, '../../../shared/vendor/efti-xsd');

const SCHEMAS = { common: 'consignment-common.xsd', identifier: 'consignment-identifier.xsd' } as const;

/** Validates an XML document against one of the two schemas; `errors` is xmllint's report when it does not validate. */
export function validateEftiXml(xml: string, schema: keyof typeof SCHEMAS): { valid: boolean; errors: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'efti-xml-')), 'document.xml');
  fs.writeFileSync(file, xml);
  try {
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(EFTI_XSD_DIR, SCHEMAS[schema]), file], { encoding: 'utf8' });
    if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
    return { valid: run.status === 0, errors: run.status === 0 ? '' : run.stderr };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
