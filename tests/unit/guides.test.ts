/**
 * Issue 23: the guides under docs/guides are what the reference serves at /docs/guides/<slug>. Their example blocks
 * hold the example files verbatim (`npm run guides:sync` rewrites them), every guide has a title, and every link
 * between guides leads to a guide that exists, on the code host and on the served page alike.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/lib/chain/formula';
import { exampleFiles, GUIDES, guideTitle, servedHref, withExamples } from '@/lib/guides/guides';

const DIR = path.resolve(__dirname, '../../docs/guides');
const read = (file: string) => fs.readFileSync(path.join(DIR, file), 'utf8');

describe('the guides', () => {
  it('every guide file exists and has a title', () => {
    expect(GUIDES.map((guide) => guideTitle(read(guide.file))).every((title) => title.length > 0)).toBe(true);
  });

  it('the example blocks hold the example files as they are (else run npm run guides:sync)', () => {
    const tfa = read('two-factor-codes.md');
    expect(exampleFiles(tfa)).toEqual(['examples/tfa.sh', 'examples/tfa.py', 'examples/tfa.ts']);
    for (const guide of GUIDES) {
      const markdown = read(guide.file);
      expect(withExamples(markdown, read), `${guide.file} is stale: npm run guides:sync`).toBe(markdown);
    }
  });

  it('links between guides name existing guides and are served as /docs/guides/<slug>', () => {
    const links = GUIDES.flatMap((guide) => [...read(guide.file).matchAll(/\]\(([^)]+\.md[^)]*)\)/g)].map((match) => match[1]!));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(servedHref(link), link).toMatch(/^\/docs\/guides\/[a-z-]+(#[\w-]+)?$/);
    expect(servedHref('./webhooks.md#verifying-the-signature')).toBe('/docs/guides/webhooks#verifying-the-signature');
    expect(servedHref('https://example.com/a.md')).toBe('https://example.com/a.md');
    expect(servedHref('./unknown.md')).toBe('./unknown.md');
  });

  it('the worked example of “Verify a document yourself” recomputes: each canonical block hashes to the H after it', () => {
    const guide = read('verify-a-document.md');
    expect(exampleFiles(guide)).toEqual(['examples/verify/verify.sh', 'examples/verify/verify.py', 'examples/verify/verify.ts']);
    const example = guide.slice(guide.indexOf('<!-- worked-example:start -->'), guide.indexOf('<!-- worked-example:end -->'));
    const steps = [...example.matchAll(/```json\n\s*(.+)\n\s*```\n\n\s*H[^`]*`([0-9a-f]{64})`/g)];
    // Per commit: its fields, its content, its root; the first commit's three parts and the second's comment.
    expect(steps.length).toBe(10);
    for (const [, text, digest] of steps) {
      expect(canonicalJson(JSON.parse(text!)), 'canonical as written').toBe(text);
      expect(crypto.createHash('sha256').update(text!, 'utf8').digest('hex')).toBe(digest);
    }
  });

  it('withExamples fills a block from its file and leaves other blocks alone', () => {
    const markdown = 'a\n<!-- example: examples/x.sh -->\n```bash\nold\n```\n\n```sh\nkept\n```\n';
    expect(withExamples(markdown, () => 'new')).toBe('a\n<!-- example: examples/x.sh -->\n```bash\nnew\n```\n\n```sh\nkept\n```\n');
  });
});
