import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { SignUpForm } from '@/components/sign-up-form';
import { getConfig } from '@/server/config/env';
import { pageMetadata } from '@/i18n/metadata';
import { mailboxExists } from '@/server/services/mail/list-mailbox';

export const generateMetadata = () => pageMetadata('signup');

export default function SignUpPage() {
  const t = useTranslations('signup');
  return (
    <div className="narrow">
      <h1 id="signup-title">{t('title')}</h1>
      <p>{t.rich('haveAccount', { link: (chunks) => <Link href="/login">{chunks}</Link> })}</p>
      <SignUpForm partnerEnvironment={mailboxExists(getConfig())} />
    </div>
  );
}
