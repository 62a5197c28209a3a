import type { ReactNode } from 'react';
import { Text, View } from '@react-pdf/renderer';
import { CMR_LABELS, type CmrBox, type CmrTexts, type PdfLanguage } from '@/lib/pdf/cmr-labels';
import { styles } from './styles';

/** A numbered CMR box: its number, its label in each language (the main one bold), then its content. */
export function Box({ n, languages, children, grow = 1 }: { n: CmrBox; languages: PdfLanguage[]; children?: ReactNode; grow?: number }) {
  return (
    <View style={[styles.box, { flexGrow: grow }]} wrap={false}>
      <View style={styles.boxHead}>
        <Text style={styles.boxNumber}>{n}</Text>
        <View style={{ flexGrow: 1, flexBasis: 0 }}>
          {languages.map((lang, index) => (
            <Text key={lang} style={index === 0 ? styles.labelMain : styles.labelOther}>
              {CMR_LABELS[lang].boxes[n]}
            </Text>
          ))}
        </View>
      </View>
      {children}
    </View>
  );
}

/** A label outside the numbered boxes, in every language joined by " / ". */
export function multilingual(languages: PdfLanguage[], key: keyof CmrTexts): string {
  return [...new Set(languages.map((lang) => CMR_LABELS[lang].texts[key]))].join(' / ');
}

/** Lines of a box's content; an empty box shows a dash so a reader sees it was left empty on purpose. */
export function Lines({ lines }: { lines: (string | null | undefined)[] }) {
  const shown = lines.filter((line): line is string => !!line);
  if (shown.length === 0) return <Text style={[styles.value, styles.muted]}>—</Text>;
  return (
    <>
      {shown.map((line, index) => (
        <Text key={index} style={styles.value}>
          {line}
        </Text>
      ))}
    </>
  );
}
