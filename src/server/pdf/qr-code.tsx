import { Path, Rect, Svg } from '@react-pdf/renderer';
import QRCode from 'qrcode';

const QUIET_ZONE = 4;

/**
 * The verification URL as a vector QR code: one path of dark modules, so it stays sharp at any zoom and scans from
 * a photo of the printout. `qrcode` computes the matrix; react-pdf draws it.
 */
export function QrCode({ value, size }: { value: string; size: number }) {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const extent = count + QUIET_ZONE * 2;
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${extent} ${extent}`}>
      <Rect x={0} y={0} width={extent} height={extent} fill="#ffffff" />
      <Path d={path} fill="#000000" />
    </Svg>
  );
}
