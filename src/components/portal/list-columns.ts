/** A party's name as the list shows it; a dash when there is none. */
export const partyName = (party: unknown): string => ((party as { name?: unknown } | null | undefined)?.name as string | undefined) || '—';

/** The first reference's value (a client's order number, usually): what people look a shipment up by. */
export function firstReference(document: { references?: unknown }): string {
  const [first] = Array.isArray(document.references) ? (document.references as { value?: unknown }[]) : [];
  return typeof first?.value === 'string' && first.value ? first.value : '—';
}
