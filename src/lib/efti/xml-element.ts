/**
 * One element of the eFTI data set's tree (dataset.ts builds it, subsets.ts selects from it, xml.ts writes it). Its
 * own file so that subsets.ts, which the response schemas reach, needs nothing of dataset.ts, which reads the
 * response schemas' types: that was an import cycle (issue 33).
 */
export interface XmlElement {
  name: string;
  /** Element names below `consignment`, joined by `/` (the readiness check's `path`). */
  path: string;
  text?: string;
  attributes?: Record<string, string>;
  children?: XmlElement[];
}
