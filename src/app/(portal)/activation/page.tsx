import { ActivationOutcome } from '@/components/activation-outcome';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('activation');

export default async function ActivationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { error } = await searchParams;
  return (
    <div className="narrow">
      <ActivationOutcome code={typeof error === 'string' ? error : undefined} />
    </div>
  );
}
