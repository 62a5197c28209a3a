import { connection } from 'next/server';
import { HandoverEnded } from '@/components/handover/handover-ended';
import { HandoverSign } from '@/components/handover/handover-sign';
import { createServiceContext } from '@/server/services/context';
import { openHandoverLink } from '@/server/services/transfers/open-handover-link';

/**
 * The public hand-over page (contract §7), reached from the tablet's QR code: no account. A used or expired link
 * (410) and an unknown one (404) say so and show nothing; the status is set by src/proxy.ts.
 */
export default async function HandoverPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const found = await openHandoverLink({ ctx: await createServiceContext(), input: { token } });
  if (found.state !== 'OPEN') return <HandoverEnded state={found.state} />;
  return <HandoverSign token={token} view={found.view} />;
}
