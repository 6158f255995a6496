// Whether a booking has a conversation (one at most, conversations.booking_id is unique): the
// detail screen links to it only then.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { bookingKeys } from './keys.ts';

export function bookingConversationQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: bookingKeys.conversation(bookingId),
    queryFn: async ({ signal }): Promise<boolean> => {
      const row = unwrap(
        await supabase.from('conversations').select('id').eq('booking_id', bookingId).abortSignal(signal).maybeSingle(),
      );
      return row !== null;
    },
  });
}

export function useBookingHasConversation(bookingId: string) {
  return useQuery(bookingConversationQueryOptions(bookingId));
}
