// The back office search (docs/search.md#global-search): one call of public.admin_search with the
// typed text, its answer validated with zod. The text is trimmed and bounded as the database
// bounds it (SEARCH_TEXT_MAX characters; longer is refused there with 22023), and fewer than 2
// characters are not sent at all.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { fetchRpc } from '@/lib/supabase/rpc.ts';

/** The longest text the search box sends (public.admin_search refuses more). */
export const SEARCH_TEXT_MAX = 100;
/** Shorter texts answer nothing: the palette asks for more. */
export const SEARCH_TEXT_MIN = 2;
/** Rows per group. */
export const SEARCH_GROUP_LIMIT = 5;

const bookingHit = z.object({
  id: z.string(),
  customer_name: z.string(),
  service_name: z.string(),
  service_item_name: z.nullable(z.string()),
  status: z.string(),
  final_price: z.number(),
  created_at: z.string(),
});

const personHit = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: z.string(),
});

export const adminSearchSchema = z.object({
  bookings: z.array(bookingHit),
  customers: z.array(personHit),
  providers: z.array(personHit),
});

export type AdminSearchAnswer = z.infer<typeof adminSearchSchema>;
export type BookingHit = z.infer<typeof bookingHit>;
export type PersonHit = z.infer<typeof personHit>;

/** The text as it is sent: trimmed, at most SEARCH_TEXT_MAX characters (code points). */
export function searchText(typed: string): string {
  return [...typed.trim()].slice(0, SEARCH_TEXT_MAX).join('');
}

export const searchKeys = {
  all: ['admin-search'] as const,
  text: (text: string) => [...searchKeys.all, text] as const,
};

export function adminSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: searchKeys.text(text),
    queryFn: ({ signal }) => fetchRpc('admin_search', { p_query: text, p_limit: SEARCH_GROUP_LIMIT }, adminSearchSchema, signal),
    enabled: [...text].length >= SEARCH_TEXT_MIN,
    staleTime: 30_000,
  });
}
