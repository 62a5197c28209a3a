import { formatMillis } from '@/lib/domain/dates';
import type { FreightDocumentContent } from '@/lib/schemas/freight-document-response';
import type { AccountSummary, AttachmentSummary, CommitRow, LegalEventRow } from './rows';

type Content = Required<Pick<FreightDocumentContent, 'instructions' | 'impediments' | 'cashOnDelivery'>>;
type Person = (id: string) => AccountSummary | { accountId: string };

/**
 * The legal events of contract §14 as the document shows them: instructions with their answers, impediments and
 * the latest cash-on-delivery record, each stamped with the commit that recorded it, in commit order.
 */
export function legalEventsJson(events: LegalEventRow[], commits: Map<string, CommitRow>, person: Person, files: AttachmentSummary[]): Content {
  const sequence = (event: LegalEventRow) => commits.get(event.commitId ?? '')?.sequence ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...events].sort((a, b) => sequence(a) - sequence(b));
  const actor = (event: LegalEventRow) => {
    const account = (event.accountId ? person(event.accountId) : undefined) as Partial<AccountSummary> | undefined;
    return { accountNumber: account?.accountNumber ?? null, name: account?.name ?? null, role: event.role };
  };
  const stamp = (event: LegalEventRow) => {
    const commit = commits.get(event.commitId ?? '');
    return { commitId: event.commitId ?? '', createDateTimeServer: commit ? formatMillis(commit.createDateTimeServer) : '' };
  };
  type Given = {
    kind: Content['instructions'][number]['kind'];
    text: string;
    newConsignee?: Record<string, unknown>;
    newPlaceOfDelivery?: Record<string, unknown>;
  };
  type Answer = { accepted: boolean; reason?: string };
  type Reported = { kind: Content['impediments'][number]['kind']; text: string };
  type Cash = { collected: boolean; amount?: number; currency?: string; reference?: string };
  const body = <T>(event: LegalEventRow) => event.body as T;

  const instructions: Content['instructions'] = ordered
    .filter((event) => event.kind === 'INSTRUCTION')
    .map((event) => {
      const answer = ordered.find((candidate) => candidate.kind === 'INSTRUCTION_RESPONSE' && candidate.instructionId === event.id);
      const given = body<Given>(event);
      return {
        instructionId: event.id,
        kind: given.kind,
        text: given.text,
        ...(given.newConsignee ? { newConsignee: given.newConsignee } : {}),
        ...(given.newPlaceOfDelivery ? { newPlaceOfDelivery: given.newPlaceOfDelivery } : {}),
        givenBy: actor(event),
        ...stamp(event),
        ...(answer
          ? {
              response: {
                accepted: body<Answer>(answer).accepted,
                ...(body<Answer>(answer).reason ? { reason: body<Answer>(answer).reason } : {}),
                answeredBy: actor(answer),
                ...stamp(answer),
              },
            }
          : {}),
      };
    });
  const impediments: Content['impediments'] = ordered
    .filter((event) => event.kind === 'IMPEDIMENT')
    .map((event) => ({
      impedimentId: event.id,
      kind: body<Reported>(event).kind,
      text: body<Reported>(event).text,
      attachments: event.attachmentIds.map((id) => files.find((file) => file.attachmentId === id)).filter((file): file is AttachmentSummary => !!file),
      reportedBy: actor(event),
      ...stamp(event),
    }));
  const cash = ordered.filter((event) => event.kind === 'CASH_ON_DELIVERY').at(-1);
  const cashOnDelivery: Content['cashOnDelivery'] = cash ? { ...body<Cash>(cash), recordedBy: actor(cash), ...stamp(cash) } : null;
  return { instructions, impediments, cashOnDelivery };
}
