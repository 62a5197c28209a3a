import type { ReactNode } from 'react';
import Markdown from 'react-markdown';

/**
 * A description of the OpenAPI document (Markdown, as OpenAPI defines) inside a sentence of the reference: `code`,
 * emphasis and links render, paragraphs melt into the surrounding element, raw HTML is dropped (issue 23: backticks
 * printed literally).
 */
export function InlineMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      allowedElements={['p', 'code', 'em', 'strong', 'a']}
      unwrapDisallowed
      components={{ p: ({ children }: { children?: ReactNode }) => <>{children}</> }}
    >
      {text}
    </Markdown>
  );
}
