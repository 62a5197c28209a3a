import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { VerificationReport } from '@/components/verification/verification-report';
import { ServiceError } from '@/server/errors';
import { clientAddress } from '@/server/http/client-address';
import { createServiceContext } from '@/server/services/context';
import { verifyDocument } from '@/server/services/verification/verify-document';

export async function generateMetadata(): Promise<Metadata> {
  const meta = await getTranslations('meta');
  const t = await getTranslations('pdf.verify');
  // A verification address is a secret of the document: never in a search index.
  return { title: meta('pageTitle', { page: t('pageTitle') }), robots: { index: false, follow: false } };
}

/** The public verification page (contract §9): no account, reached from the PDF's QR code. */
export default async function VerifyPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const ctx = await createServiceContext();
  const visitor = clientAddress(await headers(), ctx.config.TRUST_PROXY);
  const view = await verifyDocument({ ctx, input: { token, visitor } }).catch((error: unknown) => {
    if (error instanceof ServiceError && error.items[0]?.code === '4.47') notFound();
    throw error;
  });
  return <VerificationReport view={view} />;
}
