// A customer's booking statistics (public.customer_stats).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
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
    queryFn: async (): Promise<CustomerStats> => statsSchema.parse(unwrap(await supabase.rpc('customer_stats', { p_customer_id: id }))),
  });
}

export function useCustomerStats(id: string) {
  return useQuery(customerStatsQueryOptions(id));
}
