// Signed URLs of one stored document: a thumbnail resized by Storage for the tile and the original
// behind the "open" link.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { signImage, type SignedImage } from '@/lib/supabase/signed-image.ts';
import { DOCUMENT_BUCKET } from './document-rules.ts';
import { providerKeys } from './keys.ts';

/** Signed URLs live 10 minutes; the query refreshes them well before. */
const SIGNED_URL_SECONDS = 600;
/** The tile is about 240 × 180 CSS pixels (4:3, cropped): twice that for high-density screens. */
export const DOCUMENT_THUMBNAIL = { width: 480, height: 360, resize: 'cover' } as const;

export function documentUrlQueryOptions(path: string) {
  return queryOptions({
    queryKey: providerKeys.documentUrl(path),
    queryFn: (): Promise<SignedImage> => signImage(DOCUMENT_BUCKET, path, SIGNED_URL_SECONDS, DOCUMENT_THUMBNAIL),
    staleTime: (SIGNED_URL_SECONDS - 120) * 1000,
    gcTime: (SIGNED_URL_SECONDS - 60) * 1000,
  });
}

export function useDocumentUrl(path: string) {
  return useQuery(documentUrlQueryOptions(path));
}
