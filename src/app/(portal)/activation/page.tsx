import type { Metadata } from 'next';
import { ActivationOutcome } from '@/components/activation-outcome';

export const metadata: Metadata = { title: 'Account activation · Freight Document Service' };

export default async function ActivationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { error } = await searchParams;
  return (
    <div className="narrow">
      <ActivationOutcome code={typeof error === 'string' ? error : undefined} />
    </div>
  );
}
