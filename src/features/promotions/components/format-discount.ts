// "10%" for a percentage code, "50.000 ₫" for a fixed amount.
import { formatNumber, formatVnd } from '@/lib/format/format.ts';
import type { PromotionRow } from '@/features/promotions/api/promotion-types.ts';

export function formatDiscountValue(row: Pick<PromotionRow, 'discount_type' | 'discount_value'>): string {
  return row.discount_type === 'percentage' ? `${formatNumber(Number(row.discount_value))}%` : formatVnd(row.discount_value);
}
