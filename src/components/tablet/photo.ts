/**
 * A photo from the tablet's camera, made small enough for a poor connection and the 2 MB image limit (spec §8):
 * at most 1600 px on its longer side, JPEG. Returns the base64 content the comment body carries.
 */
export async function photoToBase64(file: File, maxSide = 1600): Promise<{ content: string; mimeType: string; name: string }> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL('image/jpeg', 0.8);
  return { content: dataUrl.slice(dataUrl.indexOf(',') + 1), mimeType: 'image/jpeg', name: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
}
