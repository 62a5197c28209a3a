/**
 * Issue 23: how a guide's Markdown becomes the served page. Raw HTML in a guide never reaches the page (the example
 * markers are HTML comments; a `<script>` would be text at most), links between guides lead to the served guides,
 * tables render, and headings get GitHub's anchors.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GuideMarkdown } from '@/components/api-docs/guide-markdown';
import { InlineMarkdown } from '@/components/api-docs/inline-markdown';

const MARKDOWN = `# Two-factor approval codes

See [webhooks](./webhooks.md#verifying-the-signature) and [the spec](https://example.com/spec.md).

<script>alert(1)</script>

<!-- example: examples/tfa.py -->
\`\`\`python
print("hi")
\`\`\`

| a | b |
|---|---|
| \`x\` | y |

## Shell (bash and openssl)
`;

describe('GuideMarkdown', () => {
  const html = renderToStaticMarkup(<GuideMarkdown markdown={MARKDOWN} />);

  it('drops raw HTML, comments included', () => {
    expect(html).not.toMatch(/<script|alert\(1\)|example: examples/);
  });

  it('serves links between guides as /docs/guides/<slug> and keeps others', () => {
    expect(html).toContain('href="/docs/guides/webhooks#verifying-the-signature"');
    expect(html).toContain('href="https://example.com/spec.md"');
  });

  it('renders code blocks focusable, tables and GitHub heading anchors', () => {
    expect(html).toMatch(/<pre class="api-docs-example" tabindex="0"><code class="language-python">print\(&quot;hi&quot;\)/);
    expect(html).toContain('<table>');
    expect(html).toContain('<h2 id="shell-bash-and-openssl">');
  });
});

describe('InlineMarkdown', () => {
  it('renders code spans and links inside a sentence, without paragraphs or raw HTML', () => {
    const html = renderToStaticMarkup(
      <InlineMarkdown text={'A wrong code is `3.6` on `evidence.responseCode`; see [§8](/docs/guides/two-factor-codes). <b>x</b>'} />,
    );
    expect(html).toBe('A wrong code is <code>3.6</code> on <code>evidence.responseCode</code>; see <a href="/docs/guides/two-factor-codes">§8</a>. x');
  });
});
