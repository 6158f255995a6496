// Row and stats shapes answered by admin_list_commissions / admin_commission_stats (jsonb),
// validated with zod. platform_fee = platform income, provider_amount = provider earnings
// (docs/decisions.md#commission-amounts).
import { z } from 'zod/mini';

export const commissionRowSchema = z.object({
  id: z.string(),
  booking_id: z.string(),
  provider_id: z.nullable(z.string()),
  provider_name: z.nullable(z.string()),
  subcategory_id: z.nullable(z.string()),
  service_name: z.nullable(z.string()),
  commission_rate: z.number(),
  service_price: z.number(),
  platform_fee: z.number(),
  provider_amount: z.number(),
  final_price: z.number(),
  booking_completed_at: z.nullable(z.string()),
  created_at: z.string(),
});

export type CommissionRow = z.infer<typeof commissionRowSchema>;

export const commissionStatsSchema = z.object({
  count: z.number(),
  service_value: z.number(),
  platform_fee: z.number(),
  provider_amount: z.number(),
  average_rate: z.number(),
});

export type CommissionStats = z.infer<typeof commissionStatsSchema>;
