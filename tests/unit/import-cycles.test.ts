/**
 * Issue 33: the import graph of src/ has no cycle, value or type. ESLint's import-x/no-cycle (eslint.config.mjs) sees
 * value imports only; this test reads every import, `import type` included, with the TypeScript compiler's own
 * pre-processor and module resolution (tsconfig.json's paths), and finds the strongly connected components of the
 * graph. A new cycle fails (decision 0046 removed the last known one, the document core's row types).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(REPO_ROOT, 'src') + path.sep;

/**
 * Cycles known and accepted: none since the document core moved into services/document/ with its row types in
 * rows.ts (decision 0046). Each entry would be a sorted list of files.
 */
const KNOWN_CYCLES: string[][] = [];

function importGraph(): Map<string, string[]> {
  const { config } = ts.readConfigFile(path.join(REPO_ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, REPO_ROOT);
  const files = parsed.fileNames.filter((file) => path.resolve(file).startsWith(SRC) && !file.endsWith('.d.ts'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => ts.resolveModuleName(imported.fileName, file, parsed.options, ts.sys).resolvedModule)
      .filter((resolved) => resolved && !resolved.isExternalLibraryImport && path.resolve(resolved.resolvedFileName).startsWith(SRC))
      .map((resolved) => path.resolve(resolved!.resolvedFileName));
    graph.set(path.resolve(file), [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file (no file imports itself). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(REPO_ROOT, member).split(path.sep).join('/'));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the import graph of src/ (issue 33)', () => {
  it('has no cycle, value or type', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(cyclesOf(graph)).toEqual(KNOWN_CYCLES);
  });

  it('finds a cycle of type imports', () => {
    const graph = new Map([
      ['/src/a.ts', ['/src/b.ts']],
      ['/src/b.ts', ['/src/a.ts', '/src/c.ts']],
      ['/src/c.ts', []],
    ]);
    expect(cyclesOf(graph).map((cycle) => cycle.length)).toEqual([2]);
  });
});
