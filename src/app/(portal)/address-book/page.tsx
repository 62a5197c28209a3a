import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AddressBook } from '@/components/portal/address-book';
import { getSessionAccountId } from '@/server/auth/session';

export async function generateMetadata() {
  const meta = await getTranslations('meta');
  const t = await getTranslations('portal.addressBook');
  return { title: meta('pageTitle', { page: t('title') }) };
}

export default async function AddressBookPage() {
  await connection();
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent('/address-book')}`);
  const t = await getTranslations('portal.addressBook');
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <AddressBook />
    </>
  );
}
