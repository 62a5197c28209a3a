import { StyleSheet } from '@react-pdf/renderer';

export const FONT_FAMILY = 'DejaVu Sans Condensed';

export const styles = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: 8, paddingTop: 24, paddingBottom: 40, paddingHorizontal: 24, color: '#111' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 6 },
  title: { fontSize: 13, fontWeight: 'bold' },
  subtitle: { fontSize: 8, color: '#444' },
  serviceNumber: { fontSize: 11, fontWeight: 'bold', marginTop: 4 },
  qr: { width: 84, alignItems: 'center' },
  qrCaption: { fontSize: 5.5, color: '#333', textAlign: 'center', marginTop: 2 },
  row: { flexDirection: 'row' },
  box: { borderWidth: 0.75, borderColor: '#222', padding: 3, marginRight: -0.75, marginBottom: -0.75, flexGrow: 1, flexBasis: 0 },
  boxHead: { flexDirection: 'row', marginBottom: 2 },
  boxNumber: { fontSize: 9, fontWeight: 'bold', width: 14 },
  labelMain: { fontSize: 6.5, fontWeight: 'bold' },
  labelOther: { fontSize: 6, color: '#555' },
  value: { fontSize: 8.5 },
  muted: { color: '#666' },
  table: { borderWidth: 0.75, borderColor: '#222', marginBottom: -0.75 },
  tableRow: { flexDirection: 'row', borderTopWidth: 0.5, borderColor: '#999' },
  cell: { padding: 2, flexGrow: 1, flexBasis: 0, fontSize: 7.5 },
  sectionTitle: { fontSize: 10, fontWeight: 'bold', marginTop: 10, marginBottom: 3 },
  signature: { width: 110, height: 40, objectFit: 'contain' },
  footer: { position: 'absolute', bottom: 14, left: 24, right: 24, flexDirection: 'row', justifyContent: 'space-between', fontSize: 6.5, color: '#444' },
  banner: { position: 'absolute', top: 8, left: 24, right: 24, textAlign: 'center', fontSize: 7.5, fontWeight: 'bold', color: '#b00020' },
  watermark: { position: 'absolute', top: 380, left: -40, right: -40, textAlign: 'center', fontSize: 34, fontWeight: 'bold', color: '#b00020', opacity: 0.14, transform: 'rotate(-35deg)' },
});
