import { Text, View } from '@react-pdf/renderer';
import type { CmrBox, PdfLanguage } from '@/lib/pdf/cmr-labels';
import { CMR_LABELS } from '@/lib/pdf/cmr-labels';
import type { FreightDocumentContent } from '@/lib/schemas/freight-document-response';
import { joined } from './format';
import { styles } from './styles';

type Line = FreightDocumentContent['structuredGoods'][number];

/** Boxes 6 to 12, one column each, one row per goods line (box 9 widest). */
const COLUMNS: { n: CmrBox; grow: number; value: (line: Line) => string }[] = [
  { n: 6, grow: 1.3, value: (line) => [line.marksAndNumbers, line.ssccCode, line.eanCode, line.internalCode, line.shortName].filter(Boolean).join(' ') },
  { n: 7, grow: 0.8, value: (line) => (line.numberOfPackages === undefined ? '' : String(line.numberOfPackages)) },
  { n: 8, grow: 1, value: (line) => line.methodOfPackaging ?? '' },
  {
    n: 9,
    grow: 2.2,
    value: (line) =>
      joined(
        line.name,
        line.natureOfGoods ? `(${line.natureOfGoods})` : undefined,
        // Contract §15: dangerous goods by their UN number (ADR 5.4.1.1.1) and proper shipping name.
        line.dangerousGoods ? joined(`UN ${line.dangerousGoods.unNumber}`, line.dangerousGoods.properShippingName) : undefined,
      ),
  },
  { n: 10, grow: 0.9, value: (line) => (line.statisticalNumber === undefined ? '' : String(line.statisticalNumber)) },
  {
    n: 11,
    grow: 0.9,
    value: (line) => (line.weight === undefined ? '' : joined(line.weight, line.weightUnit && line.weightUnit !== 'KILOGRAM' ? line.weightUnit : undefined)),
  },
  {
    n: 12,
    grow: 0.9,
    value: (line) => (line.volume === undefined ? '' : joined(line.volume, line.volumeUnit && line.volumeUnit !== 'CUBIC_METRE' ? line.volumeUnit : undefined)),
  },
];

/** The goods: the structured lines as the form's columns, or the free-text goods under box 9. */
export function GoodsTable({ document, languages }: { document: FreightDocumentContent; languages: PdfLanguage[] }) {
  const lines = document.structuredGoods ?? [];
  return (
    <View style={styles.table}>
      <View style={styles.row} wrap={false}>
        {COLUMNS.map((column) => (
          <View key={column.n} style={[styles.cell, { flexGrow: column.grow }]}>
            <Text style={styles.boxNumber}>{column.n}</Text>
            {languages.map((lang, index) => (
              <Text key={lang} style={index === 0 ? styles.labelMain : styles.labelOther}>
                {CMR_LABELS[lang].boxes[column.n]}
              </Text>
            ))}
          </View>
        ))}
      </View>
      {lines.length > 0 ? (
        lines.map((line) => (
          <View key={line.productId} style={styles.tableRow} wrap={false}>
            {COLUMNS.map((column) => (
              <Text key={column.n} style={[styles.cell, { flexGrow: column.grow }]}>
                {column.value(line)}
              </Text>
            ))}
          </View>
        ))
      ) : (
        <View style={styles.tableRow}>
          <Text style={[styles.cell, styles.value]}>{document.goods ?? '—'}</Text>
        </View>
      )}
    </View>
  );
}
