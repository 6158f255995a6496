// A promotion code row as the screens read it, validated with zod (the generated table types know
// discount_type and status only as text).
import { z } from 'zod/mini';
import { DISCOUNT_TYPES, PROMOTION_STATUSES } from './promotion-rules.ts';

export const promotionRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: z.number(),
  max_uses: z.number(),
  uses_count: z.number(),
  expires_at: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type PromotionRow = z.infer<typeof promotionRowSchema>;

export const PROMOTION_COLUMNS =
  'id, code, discount_type, discount_value, max_uses, uses_count, expires_at, status, created_at, updated_at';
