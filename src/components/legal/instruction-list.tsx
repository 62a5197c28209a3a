'use client';
import { useTranslations } from 'next-intl';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { AnswerInstruction } from './answer-instruction';
import { actorName, useWhen } from './legal-bits';

type Instruction = NonNullable<FreightDocumentResponse['instructions']>[number];

/** "Name, street, town" of an instruction's new party. */
function partyLine(party: Record<string, unknown> | undefined): string {
  if (!party) return '';
  return ['name', 'streetName', 'postalCode', 'cityName', 'countryCode']
    .map((key) => party[key])
    .filter((value) => typeof value === 'string' && value)
    .join(', ');
}

/**
 * The instructions of the right of disposal (CMR art. 12) with their answers; a pending one offers the carrier side
 * accept / refuse when `allowedActions` has ANSWER_INSTRUCTION. `pendingOnly` on the tablet, where only what waits matters.
 */
export function InstructionList(props: {
  document: FreightDocumentResponse;
  pendingOnly?: boolean;
  readOnly?: boolean;
  large?: boolean;
  onAnswered?: () => void;
}) {
  const { document } = props;
  const t = useTranslations('legal');
  const when = useWhen();
  const all = document.instructions ?? [];
  const shown = props.pendingOnly ? all.filter((instruction) => !instruction.response) : all;
  const mayAnswer = !props.readOnly && document.allowedActions.includes('ANSWER_INSTRUCTION');
  if (shown.length === 0) return props.pendingOnly ? null : <p className="hint">{t('instructions.none')}</p>;
  return (
    <ul className="legal-list" data-testid="instructions">
      {shown.map((instruction: Instruction) => {
        const party = partyLine(instruction.newConsignee ?? instruction.newPlaceOfDelivery);
        const response = instruction.response;
        return (
          <li key={instruction.instructionId} className={`legal-item${response ? '' : ' legal-item-pending'}`} data-testid="instruction">
            <p className="legal-item-title">
              <strong>{t(`instructionKind.${instruction.kind}`)}</strong>
            </p>
            <p className="legal-text">{instruction.text}</p>
            {party ? <p>{t('instructions.newParty', { party })}</p> : null}
            <p className="hint">{t('instructions.givenBy', { name: actorName(instruction.givenBy), time: when(instruction.createDateTimeServer) })}</p>
            {response ? (
              <p className={response.accepted ? 'legal-ok' : 'legal-warning'} data-testid="instruction-answer">
                {response.accepted
                  ? t('instructions.accepted', { name: actorName(response.answeredBy), time: when(response.createDateTimeServer) })
                  : t('instructions.refused', {
                      name: actorName(response.answeredBy),
                      time: when(response.createDateTimeServer),
                      reason: response.reason ?? '',
                    })}
              </p>
            ) : (
              <>
                <p className="badge badge-issued" data-testid="instruction-pending">
                  {t('instructions.pending')}
                </p>
                {mayAnswer ? (
                  <AnswerInstruction document={document} instructionId={instruction.instructionId} large={props.large} onAnswered={props.onAnswered} />
                ) : null}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
