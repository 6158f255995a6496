// Images of the private buckets (provider documents, chat images) as the admin sees them: a
// thumbnail sized on the server by Storage's image transformations (a signed /render/image URL,
// tens of kilobytes instead of an original of up to 5 MB) and the original for the full-size view
// (docs/architecture.md#images-from-storage).
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from './supabase.ts';

export interface ThumbnailSize {
  width: number;
  height: number;
  resize: 'cover' | 'contain' | 'fill';
}

export interface SignedImage {
  /** Resized by Storage: for <img> in lists and tiles. */
  thumbnail: string;
  /** The stored file: for the link that opens the image full size. */
  original: string;
}

/** Both signed URLs of one stored image, valid `expiresIn` seconds. */
export async function signImage(bucket: string, path: string, expiresIn: number, size: ThumbnailSize): Promise<SignedImage> {
  const files = supabase.storage.from(bucket);
  const [thumbnail, original] = await Promise.all([
    files.createSignedUrl(path, expiresIn, { transform: { width: size.width, height: size.height, resize: size.resize } }),
    files.createSignedUrl(path, expiresIn),
  ]);
  return { thumbnail: unwrap(thumbnail).signedUrl, original: unwrap(original).signedUrl };
}
