// The ids of the services a promotion code applies to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { promotionKeys } from './keys.ts';

export function promotionServicesQueryOptions(id: string) {
  return queryOptions({
    queryKey: promotionKeys.services(id),
    queryFn: async ({ signal }): Promise<string[]> => {
      const rows = unwrap(
        await supabase.from('discount_code_services').select('subcategory_id').eq('discount_code_id', id).abortSignal(signal),
      );
      return rows.map((row) => row.subcategory_id);
    },
  });
}

export function usePromotionServices(id: string) {
  return useQuery(promotionServicesQueryOptions(id));
}
