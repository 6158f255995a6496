// One promotion code by id; null when it does not exist (the screen says "not found").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { isUuid } from '@/lib/lists/search.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { promotionKeys } from './keys.ts';
import { PROMOTION_COLUMNS, promotionRowSchema, type PromotionRow } from './promotion-types.ts';

export function promotionQueryOptions(id: string) {
  return queryOptions({
    queryKey: promotionKeys.detail(id),
    queryFn: async ({ signal }): Promise<PromotionRow | null> => {
      if (!isUuid(id)) return null;
      const row: unknown = unwrap(
        await supabase.from('discount_codes').select(PROMOTION_COLUMNS).eq('id', id).abortSignal(signal).maybeSingle(),
      );
      return z.nullable(promotionRowSchema).parse(row ?? null);
    },
  });
}

export function usePromotion(id: string) {
  return useQuery(promotionQueryOptions(id));
}
