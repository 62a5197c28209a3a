/**
 * The PDF worker thread (piscina). Plain JavaScript on disk, not part of the Next.js bundle: a worker thread needs a
 * file it can load by path, and `next build` would otherwise inline and rename it. tsx compiles the TypeScript
 * renderer on first load (its cache makes later starts fast), and resolves the `@/` paths of tsconfig.json.
 */
import { register } from 'tsx/esm/api';

register();
const { renderCmrPdf } = await import('./render-cmr.tsx');

/** One render: the CmrPdfInput in, the PDF bytes out (moved, not copied, back to the main thread). */
export default async function render(input) {
  const pdf = await renderCmrPdf(input);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
