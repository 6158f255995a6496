// Bulk status change of the bookings list (docs/screens.md#bulk-actions): one
// admin_bulk_set_booking_status call for the selected bookings, each over the version (updated_at)
// read with the money preview the admin confirmed, with "Hoàn tác" in the toast (each booking back
// to its own previous status; the commissions and earnings follow back).
import { useBulkStatus } from '@/api/bulk-status-mutation.ts';
import { bookingKeys } from './keys.ts';

export function useBulkBookingStatus() {
  return useBulkStatus({ fn: 'admin_bulk_set_booking_status', expectedArg: 'p_expected_updated_at', invalidate: [bookingKeys.all] });
}
