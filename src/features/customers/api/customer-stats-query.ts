// A customer's booking statistics (public.customer_stats).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { fetchRpc } from '@/lib/supabase/rpc.ts';
import { customerKeys } from './keys.ts';

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
    queryFn: () => fetchRpc('customer_stats', { p_customer_id: id }, statsSchema),
  });
}

export function useCustomerStats(id: string) {
  return useQuery(customerStatsQueryOptions(id));
}
