import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { servedHref } from '@/lib/guides/guides';

/**
 * A guide's Markdown as HTML, on the server. react-markdown builds React elements and, with skipHtml, drops raw HTML
 * (the include markers are HTML comments), so nothing in a guide can inject markup; GitHub-flavoured tables, and heading ids as
 * GitHub makes them (rehype-slug), so `#anchors` work here and on a code host alike.
 */
export function GuideMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown
      skipHtml
      remarkPlugins={[remarkGfm]}
      rehypePlugins={[rehypeSlug]}
      components={{
        a: ({ href, children }: ComponentProps<'a'>) => <a href={href ? servedHref(href) : href}>{children}</a>,
        // A scrollable block that keyboard users can reach and scroll (axe: scrollable-region-focusable).
        pre: ({ children }: ComponentProps<'pre'>) => (
          <pre className="api-docs-example" tabIndex={0}>
            {children}
          </pre>
        ),
        table: ({ children }: ComponentProps<'table'>) => (
          <div className="guide-table" tabIndex={0}>
            <table>{children}</table>
          </div>
        ),
      }}
    >
      {markdown}
    </Markdown>
  );
}
