import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiOperations, keyOfOperation } from '@/lib/openapi/operations';
import { servedOperations } from '@/server/http/route';

const API = path.join(process.cwd(), 'src/app/api');
const routeFiles = (fs.readdirSync(API, { recursive: true }) as string[])
  .filter((file) => path.basename(file) === 'route.ts')
  .map((file) => path.join(API, file));
/** Route files that are not REST endpoints of the wrapper: tRPC's and Auth.js's own handlers. */
const NOT_REST = ['trpc/[trpc]/route.ts', 'auth/[...nextauth]/route.ts'].map((file) => path.join(API, file));

describe('each route serves one operation of the reference (issue 35, one declaration)', () => {
  it('every REST route file is built with route(), and every endpoint loads bound to its operation', async () => {
    const problems: string[] = [];
    for (const file of routeFiles) {
      if (NOT_REST.includes(file)) continue;
      const where = path.relative(API, file);
      // whileEftiOn (efti-gate.ts) builds its path's route() itself.
      if (!/\broute\(|\bunknownPath\(|\bwhileEftiOn\(/.test(fs.readFileSync(file, 'utf8'))) problems.push(`${where}: does not use route()`);
      // endpoint() throws when the operation is unknown or the body schema is not the documented one.
      await import(file).catch((error: unknown) => problems.push(`${where}: ${String(error)}`));
    }
    expect(problems).toEqual([]);
    expect(servedOperations.size).toBeGreaterThan(0);
  }, 120_000);

  it('every operation of the reference is served by a route', async () => {
    for (const file of routeFiles) if (!NOT_REST.includes(file)) await import(file).catch(() => undefined);
    const unserved = apiOperations.map(keyOfOperation).filter((key) => !servedOperations.has(key));
    expect(unserved).toEqual([]);
  }, 120_000);
});
