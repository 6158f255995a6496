// One customer's profile, stats (public.customer_stats) and 10 most recent bookings, and the
// inline edits of name, email, phone and status with optimistic concurrency on updated_at.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, unwrap } from '@/lib/errors.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { supabase } from '@/lib/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import { customerKeys } from './keys.ts';
import type { ContactPatch } from '@/lib/profile-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CONFLICT_CODE = 'SDV_CONFLICT';

export interface CustomerProfile {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatar_url: string | null;
  status: string;
  total_bookings: number;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, email, phone, avatar_url, status, total_bookings, last_login_at, created_at, updated_at';

export function customerDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async (): Promise<CustomerProfile | null> => {
      if (!UUID.test(id)) return null;
      const row = unwrap<CustomerProfile | null>(await supabase.from('profiles').select(COLUMNS).eq('id', id).eq('role', 'customer').maybeSingle());
      return row ?? null;
    },
  });
}

export function useCustomerDetail(id: string) {
  return useQuery(customerDetailQueryOptions(id));
}

const statsSchema = z.object({
  total: z.coerce.number(),
  completed: z.coerce.number(),
  in_progress: z.coerce.number(),
  total_spent: z.coerce.number(),
});

export type CustomerStats = z.infer<typeof statsSchema>;

export function customerStatsQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.stats(id),
    queryFn: async (): Promise<CustomerStats> => statsSchema.parse(unwrap(await supabase.rpc('customer_stats', { p_customer_id: id }))),
  });
}

export function useCustomerStats(id: string) {
  return useQuery(customerStatsQueryOptions(id));
}

export const RECENT_LIMIT = 10;

export interface CustomerRecentBooking {
  id: string;
  created_at: string;
  status: string;
  service_name: string;
  service_item_name: string | null;
  final_price: number;
}

export function customerRecentBookingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.recentBookings(id),
    queryFn: async (): Promise<CustomerRecentBooking[]> =>
      unwrap(
        await supabase
          .from('bookings')
          .select('id, created_at, status, service_name, service_item_name, final_price')
          .eq('customer_id', id)
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(RECENT_LIMIT),
      ) ?? [],
  });
}

export function useCustomerRecentBookings(id: string) {
  return useQuery(customerRecentBookingsQueryOptions(id));
}

export type CustomerPatch = ContactPatch;

export async function updateCustomer(input: { id: string; patch: CustomerPatch; expectedUpdatedAt: string }): Promise<CustomerProfile> {
  const rows = unwrap(
    await supabase.from('profiles').update(input.patch).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select(COLUMNS),
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
