'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { InstructionList } from '@/components/legal/instruction-list';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import '@/components/legal/legal.css';

/**
 * Instructions of the right of disposal waiting for the carrier side's answer (CMR art. 12), at the top of the
 * hand-over so the driver cannot miss them: accept, or refuse with a reason. Answered online (it needs the latest
 * document); the hand-over reads the document again afterwards.
 */
export function PendingInstructionsPanel({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal.tablet');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = (document.instructions ?? []).filter((instruction) => !instruction.response);
  if (pending.length === 0 || !document.allowedActions.includes('ANSWER_INSTRUCTION')) return null;
  return (
    <section className="panel tablet-panel legal-pending-alert" aria-labelledby="pending-instructions-title" data-testid="pending-instructions">
      <h2 id="pending-instructions-title">{t('pendingTitle')}</h2>
      <InstructionList document={document} pendingOnly large onAnswered={() => void queryClient.invalidateQueries({ queryKey: trpc.tablet.pathKey() })} />
    </section>
  );
}
