/**
 * Issue 32 (low): a Next.js server action (the locale switch) took bodies past the body gate (500s, 0.3 s stalls).
 * Contract §1: the portal uses no server actions; every write goes through a gated route. This keeps it so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(__dirname, '../../src');

describe('no server actions (contract §1)', () => {
  it("no file under src/ says 'use server'", () => {
    const files = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(ts|tsx|js|mjs)$/.test(file));
    const actions = files.filter((file) => /^\s*['"]use server['"]/m.test(fs.readFileSync(path.join(SRC, file), 'utf8')));
    expect(actions).toEqual([]);
  });
});
