// One booking with everything its detail screen shows: the booking row, the customer's and the
// provider's current profiles, the names of the providers in its queue, and its review.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { Tables } from '@/types/database.ts';
import type { PersonSummary } from '@/lib/input/contact-rules.ts';
import { isUuid } from '@/lib/lists/search.ts';
import { bookingKeys } from './keys.ts';

export type BookingRecord = Tables<'bookings'>;

export type { PersonSummary } from '@/lib/input/contact-rules.ts';

export interface BookingReview {
  id: string;
  rating: number;
  comment: string | null;
  status: string;
  customer_name: string | null;
  created_at: string;
}

export interface BookingDetail {
  booking: BookingRecord;
  customer: PersonSummary | null;
  provider: PersonSummary | null;
  /** Queue in its stored order; name null when the profile no longer exists. */
  queue: { id: string; name: string | null }[];
  review: BookingReview | null;
}

const PERSON_COLUMNS = 'id, name, email, phone, avatar_url, status';

/** null when the booking does not exist (or the id is not a uuid). */
export async function fetchBookingDetail(id: string): Promise<BookingDetail | null> {
  if (!isUuid(id)) return null;
  const booking = unwrap<BookingRecord | null>(await supabase.from('bookings').select('*').eq('id', id).maybeSingle());
  if (!booking) return null;
  const personIds = [...new Set([booking.customer_id, booking.provider_id, ...booking.provider_queue].filter((v): v is string => v !== null))];
  const [people, review] = await Promise.all([
    personIds.length > 0
      ? supabase.from('profiles').select(PERSON_COLUMNS).in('id', personIds).then((result) => unwrap<PersonSummary[]>(result))
      : Promise.resolve([] as PersonSummary[]),
    supabase
      .from('reviews')
      .select('id, rating, comment, status, customer_name, created_at')
      .eq('booking_id', id)
      .maybeSingle()
      .then((result) => unwrap<BookingReview | null>(result)),
  ]);
  const byId = new Map((people ?? []).map((person) => [person.id, person]));
  return {
    booking,
    customer: booking.customer_id ? (byId.get(booking.customer_id) ?? null) : null,
    provider: booking.provider_id ? (byId.get(booking.provider_id) ?? null) : null,
    queue: booking.provider_queue.map((providerId) => ({ id: providerId, name: byId.get(providerId)?.name ?? null })),
    review: review ?? null,
  };
}

export function bookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: () => fetchBookingDetail(id),
  });
}

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}
