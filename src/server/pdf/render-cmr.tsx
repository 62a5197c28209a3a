import path from 'node:path';
import { Font, pdf } from '@react-pdf/renderer';
import { CmrDocument } from './cmr-document';
import { ReceiptDocument, type ReceiptPdfInput } from './receipt-document';
import type { CmrPdfInput } from './model';
import { FONT_FAMILY } from './styles';

/**
 * DejaVu Sans Condensed (Debian's fonts-dejavu, copied into ./fonts with its licence) covers Latin with every
 * extension, Greek and Cyrillic: every EU language. react-pdf embeds TTF (not WOFF2) and subsets it per document.
 * The path is taken from the working directory: the worker, the bench and the tests all run from the repository.
 */
const FONT_DIR = path.join(process.cwd(), 'src/server/pdf/fonts');
let registered = false;

export function registerFonts() {
  if (registered) return;
  Font.register({
    family: FONT_FAMILY,
    fonts: [{ src: path.join(FONT_DIR, 'DejaVuSansCondensed.ttf') }, { src: path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf'), fontWeight: 'bold' }],
  });
  // Legal text is printed whole: no hyphenation (it would also split box labels in the extracted text).
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

/** Renders one consignment note, or the sender's receipt; CPU-bound, so the server calls it only inside the worker pool (pool.ts). */
export async function renderCmrPdf(input: CmrPdfInput | ReceiptPdfInput): Promise<Buffer> {
  registerFonts();
  const instance = pdf('kind' in input && input.kind === 'receipt' ? <ReceiptDocument input={input} /> : <CmrDocument input={input as CmrPdfInput} />);
  try {
    const stream = await instance.toBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } finally {
    await new Promise<void>((resolve) => instance.updateContainer(null as never, resolve));
  }
}
