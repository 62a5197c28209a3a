import { carrierAcceptanceTime, eftiDataset, platesInOrder, statementsOf, type EftiSource } from './dataset';
import { alpha2Of } from './formats';
import { IDENTIFIER_SUBSET, inSubsets, type ReadinessSubset } from './subsets';

export { READINESS_SUBSETS, type ReadinessSubset } from './subsets';

/**
 * Readiness (contract §15, `GET /freightdocuments/{id}/efti`): what a subset still lacks, in the document's own terms.
 * `path` names the element below `consignment`; `field` what to fill in our document (`carrier.cityName`,
 * `licensePlates`, `approvals`). MISSING: an **M** element without data, even one that only comes later (an approval,
 * a plate); TOO_LONG: a value over its eFTI length, written split or cut. Never a reason to refuse anything.
 */
export interface ReadinessProblem {
  path: string;
  field: string;
  problem: 'MISSING' | 'TOO_LONG';
  max?: number;
}

export interface SubsetReadiness {
  subsetId: string;
  complete: boolean;
  problems: ReadinessProblem[];
}

const missing = (path: string, field: string): ReadinessProblem => ({ path, field, problem: 'MISSING' });
const blank = (value: string | null | undefined) => !value || !value.trim();

/** The parties' mandatory parts: name, statement, and the address parts contract §15 marks M. */
function partyProblems(source: EftiSource, slot: 'carrier' | 'consignee' | 'consignor'): ReadinessProblem[] {
  const party = source[slot];
  const problems: ReadinessProblem[] = [];
  if (statementsOf(source, slot).length === 0) problems.push(missing(`${slot}/confirmedDocumentAuthentication/statementCode`, 'approvals'));
  if (blank(party?.name)) problems.push(missing(`${slot}/name`, `${slot}.name`));
  if (blank(party?.cityName)) problems.push(missing(`${slot}/postalAddress/cityName`, `${slot}.cityName`));
  if (!alpha2Of(party?.countryCode)) problems.push(missing(`${slot}/postalAddress/countryCode`, `${slot}.countryCode`));
  if (blank(party?.postalCode)) problems.push(missing(`${slot}/postalAddress/postcode`, `${slot}.postalCode`));
  if (blank(party?.streetName)) problems.push(missing(`${slot}/postalAddress/streetName`, `${slot}.streetName`));
  return problems;
}

/** A vehicle the subsets require: at least one plate of the type, each with a country the schema knows. */
function vehicleProblems(source: EftiSource, type: 'TRUCK' | 'TRAILER', base: string): ReadinessProblem[] {
  const plates = platesInOrder(source, type);
  if (plates.length === 0) return [missing(`${base}/id`, 'licensePlates')];
  return plates.some((plate) => !alpha2Of(plate.countryCode)) ? [missing(`${base}/registrationCountry/code`, 'licensePlates')] : [];
}

function missingOf(source: EftiSource, subset: ReadinessSubset): ReadinessProblem[] {
  const acceptance = carrierAcceptanceTime(source) ? [] : [missing('carrierAcceptanceDateTime', 'agreedDateTimeOfTakingOver')];
  const vehicles = [
    ...vehicleProblems(source, 'TRUCK', 'mainCarriageTransportMovement/usedTransportMeans'),
    ...vehicleProblems(source, 'TRAILER', 'usedTransportEquipment'),
  ];
  if (subset === IDENTIFIER_SUBSET) return [...acceptance, ...vehicles];
  const hasGoods = (source.structuredGoods ?? []).length > 0 || !blank(source.goods);
  // In the schema's order, which is the ASCII order of the paths.
  return [
    ...partyProblems(source, 'carrier'),
    ...acceptance,
    ...partyProblems(source, 'consignee'),
    ...partyProblems(source, 'consignor'),
    ...vehicles,
    ...(hasGoods ? [] : [missing('natureIdentificationCargo/identificationText', 'goods')]),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** What `subset` lacks in this document: missing mandatory elements, then values too long for eFTI. */
export function readinessOf(source: EftiSource, subset: ReadinessSubset): SubsetReadiness {
  const { overlong } = eftiDataset(source);
  const problems = [
    ...missingOf(source, subset),
    ...overlong.filter((entry) => inSubsets(entry.path, [subset])).map((entry) => ({ ...entry, problem: 'TOO_LONG' as const })),
  ];
  // One entry per path and field (every line's marks are one field each; two long plates are one `licensePlates`).
  const unique = problems.filter(
    (problem, index) =>
      problems.findIndex((other) => other.path === problem.path && other.field === problem.field && other.problem === problem.problem) === index,
  );
  return { subsetId: subset, complete: unique.length === 0, problems: unique };
}
