/**
 * The bodies of issue 32's H1 flood, built once (the test and the bench send the same): millions of keys near the
 * file routes' 25 MiB, 8 million `{}`, 1 MiB of keys or form fields, and bodies within every count (what the
 * request thread still parses after the gate).
 */
const MIB = 1024 * 1024;

/** `{"k0":0,"k1":0,…}` of `keys` keys, names in base 36 to keep them short. */
function manyKeys(keys: number): Buffer {
  const parts: string[] = new Array(keys);
  for (let index = 0; index < keys; index += 1) parts[index] = `"${index.toString(36)}":0`;
  return Buffer.from(`{${parts.join(',')}}`);
}

/** Keys up to just under `bytes`. */
function keysUpTo(bytes: number): Buffer {
  let keys = Math.floor(bytes / 10);
  let body = manyKeys(keys);
  while (body.length > bytes) body = manyKeys((keys = Math.floor(keys * 0.95)));
  return body;
}

/** `{"o0":{9,998 keys},"o1":{…},…}`: as many values as fit `values` (at most 200,000 with the objects), within 10,000 keys each. */
function withinCounts(values: number, maxBytes: number): Buffer {
  const objects: string[] = [];
  let total = 1;
  let bytes = 2;
  for (let object = 0; total + 9_999 <= values; object += 1) {
    const inner = manyKeys(9_998).toString();
    if (bytes + inner.length + 10 > maxBytes) break;
    objects.push(`"o${object}":${inner}`);
    total += 9_999;
    bytes += inner.length + 10;
  }
  return Buffer.from(`{${objects.join(',')}}`);
}

export function floodBodies() {
  const fields: string[] = [];
  for (let index = 0, bytes = 0; bytes < MIB - 20; index += 1) {
    const field = `${index.toString(36)}=0`;
    fields.push(field);
    bytes += field.length + 1;
  }
  return {
    millionsOfKeys: manyKeys(2_200_000),
    eightMillionEmpties: Buffer.from(`[${'{},'.repeat(8_000_000 - 1)}{}]`),
    keys1MiB: keysUpTo(MIB - 16),
    formFields: Buffer.from(fields.join('&')),
    within1MiB: withinCounts(200_000, MIB - 16),
    withinFiles: withinCounts(200_000, 20 * MIB),
  };
}
