import { Document, Page, Text, View } from '@react-pdf/renderer';
import { PARTNER_WATERMARK } from '@/lib/pdf/cmr-labels';
import type { ReceiptResponse } from '@/lib/schemas/legal-events';
import { dateTime, partyLines, words } from './format';
import { QrCode } from './qr-code';
import { styles } from './styles';

/** The receipt's words in one language (messages `legal.receiptPdf` and the reservation kinds), chosen by the service. */
export interface ReceiptLabels {
  title: string;
  subtitle: string;
  serviceNumber: string;
  takenOverAt: string;
  place: string;
  carrier: string;
  goods: string;
  plates: string;
  reservations: string;
  noReservations: string;
  accepted: string;
  notAccepted: string;
  verify: string;
  kinds: Record<string, string>;
}

/** Everything the receipt PDF is made of: plain data for the worker thread, like CmrPdfInput. */
export interface ReceiptPdfInput {
  kind: 'receipt';
  receipt: ReceiptResponse;
  labels: ReceiptLabels;
  watermark: boolean;
}

function Row({ label, lines }: { label: string; lines: string[] }) {
  return (
    <View style={{ flexDirection: 'row', marginBottom: 6 }} wrap={false}>
      <Text style={{ width: 150, fontWeight: 'bold', fontSize: 9 }}>{label}</Text>
      <View style={{ flexGrow: 1, flexBasis: 0 }}>
        {(lines.length ? lines : ['—']).map((line, index) => (
          <Text key={index} style={{ fontSize: 9.5 }}>
            {line}
          </Text>
        ))}
      </View>
    </View>
  );
}

/**
 * The sender's receipt (Additional Protocol to the CMR, art. 6; contract §14): when and where the carrier took the
 * goods over, which goods, the vehicles, and the reservations of the taking over with whether they were accepted.
 */
export function ReceiptDocument({ input }: { input: ReceiptPdfInput }) {
  const { receipt, labels } = input;
  const goods = receipt.structuredGoods.length
    ? receipt.structuredGoods.map((line) =>
        [
          line.name,
          line.numberOfPackages !== undefined ? `${String(line.numberOfPackages)} ${String(line.methodOfPackaging ?? '')}`.trim() : '',
          line.weight !== undefined ? `${String(line.weight)} ${String(line.weightUnit ?? '')}`.trim() : '',
        ]
          .filter(Boolean)
          .join(' · '),
      )
    : receipt.goods
      ? receipt.goods.split('\n')
      : [];
  const reservations = receipt.reservations.map((reservation) =>
    [
      `${labels.kinds[reservation.kind] ?? words(reservation.kind)}:`,
      reservation.text ?? '',
      `(${dateTime(reservation.createDateTimeServer)})`,
      '–',
      reservation.acceptedBy ? `${labels.accepted} (${words(reservation.acceptedBy.role)}, ${dateTime(reservation.acceptedBy.at)})` : labels.notAccepted,
    ]
      .filter(Boolean)
      .join(' '),
  );
  return (
    <Document title={`${labels.title} ${receipt.serviceNumber}`}>
      <Page size="A4" style={{ ...styles.page, fontSize: 9.5, paddingHorizontal: 40, paddingTop: 40 }}>
        <View style={styles.header}>
          <View style={{ flexGrow: 1, flexBasis: 0 }}>
            <Text style={{ fontSize: 16, fontWeight: 'bold' }}>{labels.title}</Text>
            <Text style={styles.subtitle}>{labels.subtitle}</Text>
            <Text style={styles.serviceNumber}>
              {labels.serviceNumber}: {receipt.serviceNumber}
            </Text>
          </View>
          {receipt.verificationUrl ? (
            <View style={styles.qr}>
              <QrCode value={receipt.verificationUrl} size={78} />
            </View>
          ) : null}
        </View>
        <View style={{ marginTop: 16 }}>
          <Row label={labels.takenOverAt} lines={[dateTime(receipt.takenOverAt)]} />
          <Row label={labels.place} lines={receipt.place ? [receipt.place] : []} />
          <Row label={labels.carrier} lines={partyLines(receipt.carrier as never)} />
          <Row label={labels.goods} lines={goods} />
          <Row
            label={labels.plates}
            lines={receipt.licensePlates.map((plate) => `${plate.licensePlate}${plate.countryCode ? ` (${plate.countryCode})` : ''} ${words(plate.type)}`)}
          />
        </View>
        <Text style={styles.sectionTitle}>{labels.reservations}</Text>
        {(reservations.length ? reservations : [labels.noReservations]).map((line, index) => (
          <Text key={index} style={{ fontSize: 9.5, marginBottom: 3 }}>
            {line}
          </Text>
        ))}
        {receipt.verificationUrl ? (
          <Text style={{ ...styles.qrCaption, marginTop: 16, fontSize: 8 }}>
            {labels.verify} {receipt.verificationUrl}
          </Text>
        ) : null}
        {/* Drawn last: text extractors (pdftotext -nodiag) then keep the title's words whole. */}
        {input.watermark ? (
          <Text style={styles.watermark} fixed>
            {PARTNER_WATERMARK}
          </Text>
        ) : null}
      </Page>
    </Document>
  );
}
