// A promotion code row as the screens read it.
import type { DiscountType, PromotionStatus } from './promotion-rules.ts';

export interface PromotionRow {
  id: string;
  code: string;
  discount_type: DiscountType;
  discount_value: number;
  max_uses: number;
  uses_count: number;
  expires_at: string;
  status: PromotionStatus;
  created_at: string;
  updated_at: string;
}

export const PROMOTION_COLUMNS =
  'id, code, discount_type, discount_value, max_uses, uses_count, expires_at, status, created_at, updated_at';
