// The 10 most recent bookings shown on the dashboard (index on created_at desc).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchRecentBookings } from '@/components/domain/recent-bookings-query.ts';
import { dashboardKeys } from './keys.ts';

export function recentBookingsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.recentBookings(),
    queryFn: ({ signal }) => fetchRecentBookings(null, signal),
  });
}

export function useRecentBookings() {
  return useQuery(recentBookingsQueryOptions());
}
