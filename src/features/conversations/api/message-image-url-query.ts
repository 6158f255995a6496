// Chat images live in the private bucket message-images ({conversation_id}/…): they are shown
// through short-lived signed URLs, a thumbnail resized by Storage in the bubble and the original
// behind the link; which contents are images at all: message-image-path.ts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { signImage, type SignedImage } from '@/lib/supabase/signed-image.ts';
import { conversationKeys } from './keys.ts';

export const MESSAGE_IMAGES_BUCKET = 'message-images';
const SIGNED_URL_SECONDS = 60 * 60;
/** The bubble shows at most 320 × 256 CSS pixels: twice that for high-density screens. */
export const MESSAGE_THUMBNAIL = { width: 640, height: 512, resize: 'contain' } as const;

export function messageImageUrlQueryOptions(path: string) {
  return queryOptions({
    queryKey: conversationKeys.imageUrl(path),
    queryFn: async (): Promise<SignedImage> => {
      return signImage(MESSAGE_IMAGES_BUCKET, path, SIGNED_URL_SECONDS, MESSAGE_THUMBNAIL);
    },
    staleTime: (SIGNED_URL_SECONDS - 300) * 1000,
    retry: 1,
  });
}

export function useMessageImageUrl(path: string) {
  return useQuery(messageImageUrlQueryOptions(path));
}
