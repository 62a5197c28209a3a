import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/portal/forgot-password-form';

export async function generateMetadata() {
  const meta = await getTranslations('meta');
  return { title: meta('pageTitle', { page: (await getTranslations('portal.forgotPassword'))('title') }) };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations('portal.forgotPassword');
  return (
    <div className="narrow">
      <h1 id="forgot-title">{t('title')}</h1>
      <p>{t('lead')}</p>
      <ForgotPasswordForm />
    </div>
  );
}
