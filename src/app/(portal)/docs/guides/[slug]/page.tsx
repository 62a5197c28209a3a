import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { GuideMarkdown } from '@/components/api-docs/guide-markdown';
import '@/components/api-docs/api-docs.css';
import { isGuideSlug } from '@/lib/guides/guides';
import { getGuide, listGuides } from '@/server/services/docs/get-guide';

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: isGuideSlug(slug) ? getGuide({ input: { slug } }).title : undefined };
}

/**
 * One integration guide (issue 23), rendered on the server from docs/guides/<slug>.md: the reference's narrative part.
 * The guides are English, like the API's own texts; the frame around them follows the portal's language.
 */
export default async function GuidePage({ params }: Props) {
  const { slug } = await params;
  if (!isGuideSlug(slug)) notFound();
  const t = await getTranslations('apidocs');
  const guide = getGuide({ input: { slug } });
  return (
    <div className="api-docs guide">
      <nav aria-label={t('guidesNav')} className="guide-nav">
        <a href="/docs/api">{t('backToReference')}</a>
        <ul>
          {listGuides().map((entry) => (
            <li key={entry.slug}>
              <a href={`/docs/guides/${entry.slug}`} aria-current={entry.slug === slug ? 'page' : undefined} lang="en">
                {entry.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <article lang="en">
        <GuideMarkdown markdown={guide.markdown} />
      </article>
    </div>
  );
}
