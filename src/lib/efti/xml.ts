import { XMLBuilder } from 'fast-xml-parser';
import { eftiDataset, type EftiSource, type XmlElement } from './dataset';
import { IDENTIFIER_SUBSET, selectSubsets } from './subsets';

/**
 * The two XML documents of contract §15, written by fast-xml-parser's builder from the element tree (dataset.ts): it
 * escapes every text and attribute; no user text is ever put into markup by hand.
 */
export const COMMON_NAMESPACE = 'http://efti.eu/v1/consignment/common';
export const IDENTIFIER_NAMESPACE = 'http://efti.eu/v1/consignment/identifier';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', textNodeName: '#text', processEntities: true, format: false });

type XmlObject = Record<string, unknown>;

/** Children in their order; repeated names (always adjacent, the sequences being ordered) become arrays. */
function objectOf(elements: XmlElement[]): XmlObject {
  const object: XmlObject = {};
  for (const element of elements) {
    const attributes = Object.fromEntries(Object.entries(element.attributes ?? {}).map(([name, value]) => [`@${name}`, value]));
    const value = element.children
      ? { ...attributes, ...objectOf(element.children) }
      : element.attributes
        ? { ...attributes, '#text': element.text ?? '' }
        : (element.text ?? '');
    const existing = object[element.name];
    if (existing === undefined) object[element.name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else object[element.name] = [existing, value];
  }
  return object;
}

function documentOf(namespace: string, elements: XmlElement[]): string {
  return builder.build({ '?xml': { '@version': '1.0', '@encoding': 'UTF-8' }, consignment: { '@xmlns': namespace, ...objectOf(elements) } }) as string;
}

/** The gate's GET (contract §15): root `consignment` of the common namespace with the elements of the requested subsets. */
export function buildConsignmentSubsets(source: EftiSource, subsets: readonly string[]): string {
  return documentOf(COMMON_NAMESPACE, selectSubsets(eftiDataset(source).elements, subsets));
}

/**
 * The identifier upload (contract §15): the *id* elements in the identifier namespace. Its schema requires a means' or
 * an equipment's registration country, so a plate recorded without one is left out (the readiness check reports it).
 */
export function buildIdentifierSubset(source: EftiSource): string {
  const elements = selectSubsets(eftiDataset(source).elements, [IDENTIFIER_SUBSET]);
  return documentOf(IDENTIFIER_NAMESPACE, withRegisteredVehiclesOnly(elements));
}

const hasChild = (element: XmlElement, name: string) => element.children?.some((child) => child.name === name) ?? false;

function withRegisteredVehiclesOnly(elements: XmlElement[]): XmlElement[] {
  return elements.flatMap((element) => {
    if (element.name === 'usedTransportEquipment') return hasChild(element, 'registrationCountry') ? [element] : [];
    if (element.name === 'mainCarriageTransportMovement') {
      return [{ ...element, children: element.children!.filter((child) => child.name !== 'usedTransportMeans' || hasChild(child, 'registrationCountry')) }];
    }
    return [element];
  });
}
