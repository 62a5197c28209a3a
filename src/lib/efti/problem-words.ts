import type { ReadinessProblem } from './readiness';

/**
 * A readiness problem in the party's words (contract §15: "Carrier's street is missing; authorities require it"): the
 * message key under `efti.problems` and its values, with the party and the part as keys under `efti.parties` and
 * `efti.parts`. Pure, so that the portal's form (before a draft is saved) and the issue confirmation say the same.
 */
export type ProblemWords =
  | { key: 'missingPart' | 'tooLongPart'; party: string; part: string; max?: number }
  | { key: 'missingStatement'; party: string }
  | { key: 'tooLongLine'; line: number; part: string; max: number }
  | { key: 'tooLongOther'; part: string; max: number }
  | { key: 'missingTakingOverTime' | 'missingTruck' | 'missingTrailer' | 'missingPlateCountry' | 'missingGoods' }
  | { key: 'tooLongPlate'; max: number };

const PARTIES = ['consignor', 'consignee', 'carrier', 'placeOfTakingOver', 'placeOfDelivery'];

export function problemWords(problem: ReadinessProblem): ProblemWords {
  const { field, path } = problem;
  const max = problem.max ?? 0;
  if (field === 'approvals') return { key: 'missingStatement', party: path.split('/')[0]! };
  if (field === 'agreedDateTimeOfTakingOver') return { key: 'missingTakingOverTime' };
  if (field === 'licensePlates') {
    if (problem.problem === 'TOO_LONG') return { key: 'tooLongPlate', max };
    if (path.endsWith('registrationCountry/code')) return { key: 'missingPlateCountry' };
    return { key: path.startsWith('usedTransportEquipment') ? 'missingTrailer' : 'missingTruck' };
  }
  if (field === 'goods' && problem.problem === 'MISSING') return { key: 'missingGoods' };
  const line = /^structuredGoods\[(\d+)\]\.(?:dangerousGoods\.)?(\w+)$/.exec(field);
  if (line) return { key: 'tooLongLine', line: Number(line[1]) + 1, part: line[2] === 'name' ? 'goods' : line[2]!, max };
  const [party, part] = field.split('.');
  if (part && PARTIES.includes(party!))
    return problem.problem === 'MISSING' ? { key: 'missingPart', party: party!, part } : { key: 'tooLongPart', party: party!, part, max };
  return { key: 'tooLongOther', part: field, max };
}
