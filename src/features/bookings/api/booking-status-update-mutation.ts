// Changing a booking's status from its detail screen. The update only applies when the row still
// has the updated_at the admin saw (optimistic concurrency): another admin's change is never
// overwritten blindly; the screen reloads and says so. The database stamps the new updated_at.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConflictError, savedRow, toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import type { BookingStatus } from './booking-filters.ts';
import { bookingKeys } from './keys.ts';

export interface UpdateBookingStatusInput {
  id: string;
  status: BookingStatus;
  /** updated_at of the row the admin is looking at. */
  expectedUpdatedAt: string;
}

export async function updateBookingStatus(input: UpdateBookingStatusInput): Promise<{ id: string; status: string; updated_at: string }> {
  const rows = unwrap(
    await supabase.from('bookings').update({ status: input.status }).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select('id, status, updated_at'),
  );
  return savedRow(rows, t.detail.conflict);
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => {
      toast.success(t.detail.statusSaved);
    },
    onError: (error) => {
      toast.error(error instanceof ConflictError ? t.detail.conflict : `${t.detail.statusFailed}: ${toVietnameseMessage(error, { action: 'save' })}`);
    },
    onSettled: async (_data, _error, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.detail(input.id) }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.history(input.id) }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.lists() }),
      ]);
    },
  });
}
