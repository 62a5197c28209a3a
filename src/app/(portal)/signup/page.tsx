import Link from 'next/link';
import { use } from 'react';
import { useTranslations } from 'next-intl';
import { SignUpForm } from '@/components/sign-up-form';
import { getConfig } from '@/server/config/env';
import { pageMetadata } from '@/i18n/metadata';
import { mailboxExists } from '@/server/services/mail/list-mailbox';

export const generateMetadata = () => pageMetadata('signup');

type SearchParams = Record<string, string | string[] | undefined>;

export default function SignUpPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const t = useTranslations('signup');
  // The invitation mail links here with ?email=: the address the person was named with is filled in.
  const query = use(searchParams);
  const email = typeof query.email === 'string' && query.email.length <= 254 ? query.email : undefined;
  return (
    <div className="narrow">
      <h1 id="signup-title">{t('title')}</h1>
      <p>{t.rich('haveAccount', { link: (chunks) => <Link href="/login">{chunks}</Link> })}</p>
      <SignUpForm partnerEnvironment={mailboxExists(getConfig())} email={email} />
    </div>
  );
}
