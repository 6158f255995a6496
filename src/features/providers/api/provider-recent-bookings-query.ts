// A provider's 10 most recent bookings.
import { useQuery } from '@tanstack/react-query';
import { recentBookingsQueryOptions } from '@/api/recent-bookings-query.ts';
import { providerKeys } from './keys.ts';

export function providerRecentBookingsQueryOptions(id: string) {
  return recentBookingsQueryOptions(providerKeys.recentBookings(id), { providerId: id });
}

export function useProviderRecentBookings(id: string) {
  return useQuery(providerRecentBookingsQueryOptions(id));
}
