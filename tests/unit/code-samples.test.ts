/**
 * Issue 35: every operation of the reference shows a curl, a TypeScript (openapi-fetch) and a Python sample made from
 * its example. The TypeScript ones are compiled against the generated client (clients/typescript) with the project's
 * strict settings: a sample whose body, parameters or answer no longer fit the types fails here, so the types and the
 * examples cannot drift apart. The Python ones are parsed by Python.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { codeSamples, type SampledOperation } from '@/lib/openapi/code-samples';
import { buildOpenApiDocument } from '@/lib/openapi/document';

const REPO = path.resolve(__dirname, '../..');
const document = buildOpenApiDocument('test') as unknown as { paths: Record<string, Record<string, Omit<SampledOperation, 'method' | 'path'>>> };
const operations = Object.entries(document.paths).flatMap(([operationPath, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    ...operation,
    method,
    path: operationPath,
    samples: codeSamples({ ...operation, method, path: operationPath }),
  })),
);
const sampleOf = (language: string) =>
  operations.map((operation) => ({
    where: `${operation.method.toUpperCase()} ${operation.path}`,
    code: operation.samples.find((sample) => sample.language === language)!.code,
  }));

describe('code samples', () => {
  it('every operation has a curl, a TypeScript and a Python sample naming its method and path', () => {
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) {
      expect(operation.samples.map((sample) => sample.language)).toEqual(['curl', 'typescript', 'python']);
      const filled = operation.path.replace(/\{\w+\}/g, '[^/" ]+');
      expect(operation.samples[0]!.code, operation.path).toMatch(new RegExp(`\\$FDS_API${filled}"`));
      expect(operation.samples[1]!.code).toContain(`fds.${operation.method.toUpperCase()}('${operation.path}'`);
      expect(operation.samples[2]!.code).toContain(`requests.${operation.method}(`);
    }
  });

  it('every TypeScript sample compiles against the generated client with 0 errors', () => {
    // Inside the repository, so that the samples resolve the client's packages; .test-data is absent in a fresh checkout.
    fs.mkdirSync(path.join(REPO, '.test-data'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(REPO, '.test-data', 'samples-'));
    try {
      const files = sampleOf('typescript').map(({ code }, index) => {
        const file = path.join(dir, `sample-${index}.ts`);
        fs.writeFileSync(file, code.replace("from './clients/typescript'", `from '${path.join(REPO, 'clients/typescript/index')}'`));
        return file;
      });
      const { config } = ts.readConfigFile(path.join(REPO, 'tsconfig.json'), ts.sys.readFile);
      const { options } = ts.parseJsonConfigFileContent(config, ts.sys, REPO);
      const program = ts.createProgram(files, { ...options, noEmit: true, incremental: false, plugins: [] });
      const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
        const at = diagnostic.file ? (sampleOf('typescript')[files.indexOf(diagnostic.file.fileName)]?.where ?? diagnostic.file.fileName) : '';
        return `${at}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      });
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('every Python sample is valid Python', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-samples-'));
    try {
      const samples = sampleOf('python');
      fs.writeFileSync(path.join(dir, 'samples.json'), JSON.stringify(samples));
      const check =
        'import ast, json, sys\nfor sample in json.load(open(sys.argv[1])):\n    try:\n        ast.parse(sample["code"])\n    except SyntaxError as error:\n        print(sample["where"], error)\n';
      expect(execFileSync('python3', ['-c', check, path.join(dir, 'samples.json')], { encoding: 'utf8' })).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
