// A customer's 10 most recent bookings.
import { useQuery } from '@tanstack/react-query';
import { recentBookingsQueryOptions } from '@/api/recent-bookings-query.ts';
import { customerKeys } from './keys.ts';

export function customerRecentBookingsQueryOptions(id: string) {
  return recentBookingsQueryOptions(customerKeys.recentBookings(id), { customerId: id });
}

export function useCustomerRecentBookings(id: string) {
  return useQuery(customerRecentBookingsQueryOptions(id));
}
