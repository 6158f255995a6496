// A customer's 10 most recent bookings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchRecentBookings } from '@/components/domain/recent-bookings-query.ts';
import { customerKeys } from './keys.ts';

export function customerRecentBookingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.recentBookings(id),
    queryFn: ({ signal }) => fetchRecentBookings({ customerId: id }, signal),
  });
}

export function useCustomerRecentBookings(id: string) {
  return useQuery(customerRecentBookingsQueryOptions(id));
}
