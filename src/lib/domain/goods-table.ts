interface GoodsLine {
  name?: unknown;
  numberOfPackages?: unknown;
  methodOfPackaging?: unknown;
  natureOfGoods?: unknown;
  weight?: unknown;
  weightUnit?: unknown;
  volume?: unknown;
  volumeUnit?: unknown;
}

const UNIT: Record<string, string> = { KILOGRAM: 'kg', TONNE: 't', POUND: 'lb', LITRE: 'l', CUBIC_METRE: 'm3' };

function cell(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The plain-text table that `goods` carries in responses when the document has structured goods (spec §2.3). */
export function renderGoodsTable(lines: GoodsLine[]): string {
  const header = ['Name', 'Packages', 'Packaging', 'Nature of goods', 'Weight', 'Volume'];
  const rows = lines.map((line) => [
    cell(line.name),
    cell(line.numberOfPackages),
    cell(line.methodOfPackaging),
    cell(line.natureOfGoods),
    line.weight === undefined ? '' : `${cell(line.weight)} ${UNIT[cell(line.weightUnit)] ?? cell(line.weightUnit)}`.trim(),
    line.volume === undefined ? '' : `${cell(line.volume)} ${UNIT[cell(line.volumeUnit)] ?? cell(line.volumeUnit)}`.trim(),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (row: string[]) =>
    row
      .map((value, column) => value.padEnd(widths[column]!))
      .join(' | ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('-+-'), ...rows.map(format)].join('\n');
}
