// Every dashboard figure from the one database call public.admin_dashboard() (rollup tables, no
// scan of bookings), validated before the screen reads it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { dashboardKeys } from './keys.ts';

const count = z.coerce.number();

/** Bookings per status, in the card and per day alike. */
const bookingStatusCounts = { pending: count, confirmed: count, pending_completion: count, completed: count, cancelled: count };

const bookingsPerDaySchema = z.object({ day: z.string(), total: count, ...bookingStatusCounts });

const revenuePerDaySchema = z.object({
  day: z.string(),
  revenue: count,
  platform_income: count,
  provider_earnings: count,
  completed: count,
});

export const dashboardSummarySchema = z.object({
  users: z.object({ total: count, customers: count, providers: count }),
  bookings: z.object({ total: count, ...bookingStatusCounts }),
  revenue: count,
  platform_income: count,
  provider_earnings: count,
  deposits: z.object({
    completed_amount: count,
    completed_count: count,
    pending_amount: count,
    pending_count: count,
  }),
  service_items: count,
  bookings_per_day: z.pipe(z.nullable(z.array(bookingsPerDaySchema)), z.transform((v) => v ?? [])),
  revenue_per_day: z.pipe(z.nullable(z.array(revenuePerDaySchema)), z.transform((v) => v ?? [])),
});

export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type BookingsPerDay = z.infer<typeof bookingsPerDaySchema>;
export type RevenuePerDay = z.infer<typeof revenuePerDaySchema>;

export function dashboardSummaryQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: async (): Promise<DashboardSummary> => {
      const data: unknown = unwrap(await supabase.rpc('admin_dashboard'));
      return dashboardSummarySchema.parse(data);
    },
  });
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
