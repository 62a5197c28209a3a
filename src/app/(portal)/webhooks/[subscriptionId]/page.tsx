import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DeliveryLog } from '@/components/webhooks/delivery-log';
import { webhooksMetadata } from '@/components/webhooks/page-title';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => webhooksMetadata('deliveryLog');

type SearchParams = Record<string, string | string[] | undefined>;

/** `?document=<id>`: the subscription is one document's (the services find a subscription within its scope). */
export default async function DeliveryLogPage({ params, searchParams }: { params: Promise<{ subscriptionId: string }>; searchParams: Promise<SearchParams> }) {
  await connection();
  const { subscriptionId } = await params;
  const query = await searchParams;
  const document = typeof query.document === 'string' && query.document ? query.document : null;
  const self = `/webhooks/${encodeURIComponent(subscriptionId)}${document ? `?document=${encodeURIComponent(document)}` : ''}`;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(self)}`);
  const t = await getTranslations('delegation');
  return (
    <div className="wide-page">
      <h1>{t('titles.deliveryLog')}</h1>
      <DeliveryLog subscriptionId={subscriptionId} freightDocumentId={document} />
    </div>
  );
}
