// The conversation of a booking (null when the booking has none) with both participants' names.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { isUuid } from '@/lib/lists/search.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { conversationKeys } from './keys.ts';

export interface ConversationDetail {
  id: string;
  booking_id: string;
  provider_id: string | null;
  customer_id: string | null;
  is_active: boolean;
  provider_name: string | null;
  customer_name: string | null;
}

export function conversationByBookingQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: conversationKeys.byBooking(bookingId),
    queryFn: async ({ signal }): Promise<ConversationDetail | null> => {
      if (!isUuid(bookingId)) return null;
      const conversation = unwrap<Omit<ConversationDetail, 'provider_name' | 'customer_name'> | null>(
        await supabase
          .from('conversations')
          .select('id, booking_id, provider_id, customer_id, is_active')
          .eq('booking_id', bookingId)
          .abortSignal(signal)
          .maybeSingle(),
      );
      if (conversation === null) return null;
      const ids = [conversation.provider_id, conversation.customer_id].filter((id): id is string => id !== null);
      const people = ids.length
        ? unwrap(await supabase.from('profiles').select('id, name').in('id', ids).abortSignal(signal))
        : [];
      const nameOf = (id: string | null) => people.find((person) => person.id === id)?.name ?? null;
      return { ...conversation, provider_name: nameOf(conversation.provider_id), customer_name: nameOf(conversation.customer_id) };
    },
  });
}

export function useConversationByBooking(bookingId: string) {
  return useQuery(conversationByBookingQueryOptions(bookingId));
}
