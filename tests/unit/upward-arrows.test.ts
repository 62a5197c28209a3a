/**
 * Issue 33: `src/server/` has at most 3 upward arrows. Counted the way decision 0046 counts them: every import, type
 * imports included (the TypeScript compiler's pre-processor and module resolution, tsconfig.json's paths); a file's
 * room is its top-level folder under src/server (a top-level file is a room of its own), and inside services/ its
 * sub-folder; an arrow is a distinct pair of rooms with an import from a lower depth to a higher one. The depths
 * follow ARCHITECTURE.md's import direction. A room with no depth fails the test: a new room says where it sits.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(REPO_ROOT, 'src', 'server') + path.sep;

/** The service core: what every verb runs on, and no verb. */
const SERVICE_CORE = new Set(['services/context.ts', 'services/document', 'services/access']);

const ROOM_DEPTHS: Record<string, number> = {
  config: 0,
  db: 0,
  errors: 0,
  crypto: 0,
  observability: 0,
  blobs: 1,
  pdf: 1,
  pgp: 1,
  efti: 1,
  mail: 1,
  webhooks: 1,
  jobs: 1,
  http: 4,
  trpc: 4,
  auth: 4,
  // The job worker runs verbs as a door does: a transport of its own, above the services (decision 0046).
  workers: 4,
  'boot.ts': 5,
};

/** The arrows the bound allows and that exist today, each `from → to`; none since decision 0046. */
const KNOWN_ARROWS: string[] = [];
const MAX_ARROWS = 3;

/** `services/<folder>` inside the services, else the top-level folder (or file) under src/server. */
function roomOf(relativeToServer: string): string {
  const [top, second] = relativeToServer.split('/');
  return top === 'services' && second !== undefined ? `services/${second}` : top!;
}

function depthOf(room: string): number | undefined {
  if (SERVICE_CORE.has(room)) return 2;
  if (room.startsWith('services/')) return 3;
  return ROOM_DEPTHS[room];
}

function roomGraph(): Map<string, Set<string>> {
  const { config } = ts.readConfigFile(path.join(REPO_ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, REPO_ROOT);
  const relative = (file: string) => path.relative(SERVER, path.resolve(file)).split(path.sep).join('/');
  const files = parsed.fileNames.filter((file) => path.resolve(file).startsWith(SERVER) && !file.endsWith('.d.ts'));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = roomOf(relative(file));
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const imported of importedFiles) {
      const resolved = ts.resolveModuleName(imported.fileName, file, parsed.options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || !path.resolve(resolved.resolvedFileName).startsWith(SERVER)) continue;
      const to = roomOf(relative(resolved.resolvedFileName));
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

function upwardArrows(graph: Map<string, Set<string>>): string[] {
  const arrows: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) if (depthOf(from)! < depthOf(to)!) arrows.push(`${from} → ${to}`);
  }
  return arrows.sort();
}

describe('the upward arrows of src/server (issue 33)', () => {
  const graph = roomGraph();

  it('gives every room a depth', () => {
    expect(graph.size).toBeGreaterThan(20);
    expect([...graph.keys()].filter((room) => depthOf(room) === undefined)).toEqual([]);
  });

  it(`has at most ${MAX_ARROWS}, each one known`, () => {
    const arrows = upwardArrows(graph);
    expect(arrows.length).toBeLessThanOrEqual(MAX_ARROWS);
    expect(arrows).toEqual(KNOWN_ARROWS);
  });

  it('counts an import from a lower room to a higher one, once per pair of rooms', () => {
    const sample = new Map([
      ['jobs', new Set(['services/accounts', 'db'])],
      ['observability', new Set(['boot.ts'])],
      ['services/transfers', new Set(['services/document', 'jobs'])],
    ]);
    expect(upwardArrows(sample)).toEqual(['jobs → services/accounts', 'observability → boot.ts']);
  });
});
