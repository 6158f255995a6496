// What a file really is, read from its first bytes: a bucket that only takes images gets images.
// Storage trusts the declared type; the local stack also checks the content of the four image
// formats the product accepts, so that a text file named fake.png or sent as image/png is refused
// (415 InvalidMimeType) instead of becoming a banner on the home page.
import { open } from 'node:fs/promises';
import { ERRORS } from './errors.ts';
import { baseMimeType } from './upload.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']);

/** The image format of these leading bytes (at least 12), or undefined. */
export function detectImageType(head: Buffer): ImageType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 6 && (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * For a bucket with allowed_mime_types: a file declared as an image must be that image format
 * (image/jpg counts as image/jpeg), and a file whose bytes are not an image cannot pass as one.
 */
export async function assertContentMatches(filePath: string, declared: string, allowed: readonly string[] | null): Promise<void> {
  if (!allowed || allowed.length === 0) return;
  const mime = baseMimeType(declared);
  if (!IMAGE_TYPES.has(mime)) return;
  const handle = await open(filePath, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const actual = detectImageType(head);
  const expected = mime === 'image/jpg' ? 'image/jpeg' : mime;
  if (actual !== expected) throw ERRORS.invalidMimeType(mime);
}
