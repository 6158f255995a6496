// The 10 most recent bookings shown on the dashboard (index on created_at desc).
import { useQuery } from '@tanstack/react-query';
import { recentBookingsQueryOptions as recentBookingsOf } from '@/api/recent-bookings-query.ts';
import { dashboardKeys } from './keys.ts';

export function recentBookingsQueryOptions() {
  return recentBookingsOf(dashboardKeys.recentBookings(), null);
}

export function useRecentBookings() {
  return useQuery(recentBookingsQueryOptions());
}
