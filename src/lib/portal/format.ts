/** Display helpers shared by the portal's document screens; the words are in the catalogues (src/messages). */

export type SizeUnit = 'bytes' | 'kilobytes' | 'megabytes';

/** The unit a file size is shown in, and the value in that unit: 512 bytes, 9.5 KB, 120 KB, 1.5 MB. */
export function sizeInUnit(bytes: number): { unit: SizeUnit; value: number } {
  if (bytes < 1024) return { unit: 'bytes', value: bytes };
  if (bytes < 1024 * 1024) {
    const kilobytes = bytes / 1024;
    return { unit: 'kilobytes', value: bytes < 10 * 1024 ? Math.round(kilobytes * 10) / 10 : Math.round(kilobytes) };
  }
  return { unit: 'megabytes', value: Math.round((bytes / (1024 * 1024)) * 10) / 10 };
}
