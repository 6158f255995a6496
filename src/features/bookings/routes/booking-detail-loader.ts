// A booking's detail and its history.
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { bookingHistoryQueryOptions } from '@/features/bookings/api/booking-history-query.ts';
import { bookingQueryOptions } from '@/features/bookings/api/booking-query.ts';

export const load: ScreenLoader = ({ queryClient, params }) => {
  const id = params.bookingId ?? '';
  return Promise.allSettled([queryClient.ensureQueryData(once(bookingQueryOptions(id))), queryClient.ensureQueryData(once(bookingHistoryQueryOptions(id)))]);
};
