// Options of the service filter: every service (subcategory) by name; they are few.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { commissionKeys } from './keys.ts';

export interface ServiceOption {
  id: string;
  name: string;
}

export function serviceOptionsQueryOptions() {
  return queryOptions({
    queryKey: commissionKeys.serviceOptions(),
    queryFn: async ({ signal }): Promise<ServiceOption[]> =>
      unwrap(await supabase.from('subcategories').select('id, name').order('name').abortSignal(signal)),
    staleTime: 5 * 60_000,
  });
}

export function useServiceOptions() {
  return useQuery(serviceOptionsQueryOptions());
}
