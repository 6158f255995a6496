// Inline edits of a customer's name, email, phone and status with optimistic concurrency on
// updated_at: another admin's change is never overwritten; the screen reloads and says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { supabase } from '@/lib/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import { customerKeys } from './keys.ts';
import type { ContactPatch } from '@/lib/profile-rules.ts';
import { CUSTOMER_COLUMNS, type CustomerProfile } from './customer-query.ts';

export const CONFLICT_CODE = 'SDV_CONFLICT';

export type CustomerPatch = ContactPatch;

export async function updateCustomer(input: { id: string; patch: CustomerPatch; expectedUpdatedAt: string }): Promise<CustomerProfile> {
  const rows = unwrap(
    await supabase.from('profiles').update(input.patch).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select(CUSTOMER_COLUMNS),
  );
  const row = rows?.[0];
  if (!row) throw new ApiError({ message: t.detail.conflict, code: CONFLICT_CODE, status: 409 });
  return row;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (profile) => {
      queryClient.setQueryData(customerKeys.detail(profile.id), profile);
      toast.success(t.detail.updated);
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === CONFLICT_CODE) {
        toast.error(t.detail.conflict);
        void queryClient.invalidateQueries({ queryKey: customerKeys.detail(input.id), exact: true });
      } else {
        toast.error(t.detail.updateFailed);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
