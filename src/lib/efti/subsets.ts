import type { XmlElement } from './xml-element';
import { SCHEMA_SUBSET_IDS, SUBSETS_BY_PATH } from './subset-table.generated';

/** Contract §15: `full` asks for every mapped element, whatever its annotation. */
export const FULL_SUBSET = 'full';
export const EU03 = 'EU03';
export const IDENTIFIER_SUBSET = 'identifier';

/**
 * The subsets the readiness check knows: EU03 (the road consignment note's content) and the identifiers uploaded.
 * Here rather than in readiness.ts, so that the response schemas (schemas/efti.ts) reach no builder (issue 33).
 */
export const READINESS_SUBSETS = [EU03, IDENTIFIER_SUBSET] as const;
export type ReadinessSubset = (typeof READINESS_SUBSETS)[number];

const KNOWN = new Set(SCHEMA_SUBSET_IDS);

/** Whether a gate may ask for this subset: one an annotation of the schema names, or `full`. */
export function isKnownSubset(id: string): boolean {
  return id === FULL_SUBSET || KNOWN.has(id);
}

/** `subsetId` as the gate sends it: repeated, comma-separated, or both; blanks dropped, duplicates once. */
export function subsetIdsOf(values: string[]): string[] {
  return [
    ...new Set(
      values
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ];
}

/** Whether the schema annotates the element at `path` for one of `subsets`. */
export function inSubsets(path: string, subsets: readonly string[]): boolean {
  if (subsets.includes(FULL_SUBSET)) return true;
  const named = SUBSETS_BY_PATH[path];
  return !!named && subsets.some((subset) => named.includes(subset));
}

/** The elements of the requested subsets: leaves their annotation names, aggregates only with content. */
export function selectSubsets(elements: XmlElement[], subsets: readonly string[]): XmlElement[] {
  if (subsets.includes(FULL_SUBSET)) return elements;
  return elements.flatMap((element) => {
    if (!element.children) return inSubsets(element.path, subsets) ? [element] : [];
    const children = selectSubsets(element.children, subsets);
    return children.length > 0 ? [{ ...element, children }] : [];
  });
}
