// What a file really is, from its first bytes (docs/product.md#input-rules): the upload screens
// accept JPEG, PNG, WebP and GIF, the image types of the buckets, and read the file's signature
// before sending it, so a renamed PDF or an SVG is refused on the screen with one message (the
// bucket checks the bytes again).

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The image type of these first bytes (at least 12), or null when they are none of the four. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Reads the first bytes of a file (a File or Blob) and tells its image type, or null. */
export async function sniffImageType(file: Blob): Promise<ImageType | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return imageTypeOf(head);
}

/** True when a Storage error is its refusal of the file's type (415 invalid_mime_type, whatever the wording). */
export function isFileTypeRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const record = error as Record<string, unknown>;
  const status = Number(record.status ?? record.statusCode);
  const text = `${String(record.error ?? '')} ${String(record.code ?? '')} ${String(record.message ?? '')}`;
  return status === 415 || /invalid_?mime|mime type|InvalidMimeType/i.test(text);
}
