// Chat images live in the private bucket message-images ({conversation_id}/…): they are shown
// through a short-lived signed URL. A content that is already an http(s) URL is used as is.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { conversationKeys } from './conversation-keys.ts';

export const MESSAGE_IMAGES_BUCKET = 'message-images';
const SIGNED_URL_SECONDS = 60 * 60;

export function isAbsoluteUrl(content: string): boolean {
  return /^https?:\/\//i.test(content.trim());
}

export function imageUrlQueryOptions(path: string) {
  return queryOptions({
    queryKey: conversationKeys.imageUrl(path),
    queryFn: async (): Promise<string> => {
      if (isAbsoluteUrl(path)) return path.trim();
      const data = unwrap(await supabase.storage.from(MESSAGE_IMAGES_BUCKET).createSignedUrl(path, SIGNED_URL_SECONDS));
      return data.signedUrl;
    },
    staleTime: (SIGNED_URL_SECONDS - 300) * 1000,
    retry: 1,
  });
}

export function useImageUrl(path: string) {
  return useQuery(imageUrlQueryOptions(path));
}
