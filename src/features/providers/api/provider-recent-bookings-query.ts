// A provider's 10 most recent bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchRecentBookings } from '@/components/domain/recent-bookings-query.ts';
import { providerKeys } from './keys.ts';

export function providerRecentBookingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerKeys.recentBookings(id),
    queryFn: ({ signal }) => fetchRecentBookings({ providerId: id }, signal),
  });
}

export function useProviderRecentBookings(id: string) {
  return useQuery(providerRecentBookingsQueryOptions(id));
}
