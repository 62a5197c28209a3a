import fs from 'node:fs';
import path from 'node:path';
import { GUIDES, guideTitle, type GuideSlug } from '@/lib/guides/guides';

const GUIDES_DIR = path.join(process.cwd(), 'docs/guides');

export interface Guide {
  slug: GuideSlug;
  title: string;
  markdown: string;
}

/** A guide's Markdown from docs/guides (the slug is one of GUIDES, never a path from the request). */
export function getGuide({ input }: { input: { slug: GuideSlug } }): Guide {
  const guide = GUIDES.find((entry) => entry.slug === input.slug)!;
  const markdown = fs.readFileSync(path.join(GUIDES_DIR, guide.file), 'utf8');
  return { slug: guide.slug, title: guideTitle(markdown), markdown };
}

/** Every guide's slug and title, in the order of GUIDES (the reference's contents). */
export function listGuides(): { slug: GuideSlug; title: string }[] {
  return GUIDES.map(({ slug }) => {
    const { title } = getGuide({ input: { slug } });
    return { slug, title };
  });
}
