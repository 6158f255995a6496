// One promotion code by id; null when it does not exist (the screen says "not found").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors.ts';
import { supabase } from '@/lib/supabase.ts';
import { promotionKeys } from './promotion-keys.ts';
import { PROMOTION_COLUMNS, type PromotionRow } from './promotion-types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function promotionQueryOptions(id: string) {
  return queryOptions({
    queryKey: promotionKeys.detail(id),
    queryFn: async ({ signal }): Promise<PromotionRow | null> => {
      if (!UUID.test(id)) return null;
      const row = unwrap(
        await supabase.from('discount_codes').select(PROMOTION_COLUMNS).eq('id', id).abortSignal(signal).maybeSingle(),
      );
      return row as PromotionRow | null;
    },
  });
}

export function usePromotion(id: string) {
  return useQuery(promotionQueryOptions(id));
}
