/**
 * The goods in one short line, for a transfer card (issue 34 item 5): the driver sees what is handed over before
 * opening the hand-over. Structured lines as "12 × Apples", the first three and how many more; free text by its first
 * line. Numbers and names only, so the line needs no translation.
 */
const MAX_LINES = 3;
const MAX_TEXT = 80;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function lineText(line: Record<string, unknown>): string | null {
  const name = textOf(line.shortName) ?? textOf(line.name);
  if (!name) return null;
  return typeof line.numberOfPackages === 'number' ? `${line.numberOfPackages} × ${name}` : name;
}

export function goodsSummary(content: Record<string, unknown>): string | null {
  const lines = Array.isArray(content.structuredGoods) ? (content.structuredGoods as Record<string, unknown>[]) : [];
  const texts = lines.map(lineText).filter((text): text is string => text !== null);
  if (texts.length > 0) {
    const more = texts.length - MAX_LINES;
    return texts.slice(0, MAX_LINES).join(', ') + (more > 0 ? ` +${more}` : '');
  }
  const free = textOf(content.goods)?.split('\n')[0]?.trim();
  if (!free) return null;
  return free.length > MAX_TEXT ? `${free.slice(0, MAX_TEXT - 1).trimEnd()}…` : free;
}

/** Names shown once: two roles of one party (consignor and place of taking over) are one name on the card. */
export function distinctNames(names: readonly string[]): string[] {
  return [...new Set(names)];
}
