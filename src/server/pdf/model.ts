import type { PdfLanguage } from '@/lib/pdf/cmr-labels';
import type { FreightDocumentContent } from '@/lib/schemas/freight-document-response';

/** A signature image as react-pdf embeds it. */
export interface PdfImage {
  data: Uint8Array;
  format: 'png' | 'jpg';
}

/**
 * Everything one PDF is made of, and nothing else: plain data that crosses into the worker thread by structured
 * clone. The content is the document's shared content (never the caller's envelope: no TFA secrets on paper).
 */
export interface CmrPdfInput {
  document: FreightDocumentContent;
  /** Label languages, the main one first (lib/pdf/label-languages.ts). */
  languages: PdfLanguage[];
  verificationUrl: string;
  /** Contract §15, while eFTI is on: the data set's UIL, printed and as a second QR code. */
  uil?: string;
  /** The partner environment prints "PARTNER ENVIRONMENT – NOT LEGALLY VALID" on every page (contract §9). */
  watermark: boolean;
  /** Sign-on-glass images by attachment id. */
  signatures: Record<string, PdfImage>;
}
