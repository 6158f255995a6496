// Shapes answered by admin_list_deposits / admin_deposit_stats (jsonb), validated with zod.
import { z } from 'zod/mini';
import { DEPOSIT_STATUSES } from './deposit-rules.ts';

export const depositRowSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  provider_name: z.nullable(z.string()),
  provider_email: z.nullable(z.string()),
  /** The provider's balance now (profiles.deposit). */
  provider_balance: z.nullable(z.number()),
  provider_status: z.nullable(z.string()),
  amount: z.number(),
  status: z.enum(DEPOSIT_STATUSES),
  old_balance: z.nullable(z.number()),
  new_balance: z.nullable(z.number()),
  note: z.nullable(z.string()),
  /** Why old_balance → new_balance (written by the ledger trigger, docs/product.md#deposits-and-balances); absent from older answers. */
  balance_reason: z.optional(z.nullable(z.enum(['completed', 'reverted', 'amount_changed', 'adjustment', 'corrected']))),
  /** The amount before the last edit of a completed deposit (balance_reason amount_changed). */
  amount_before: z.optional(z.nullable(z.number())),
  /** 'adjustment' for a manual adjustment (docs/decisions.md#money-only-through-the-ledger); absent from older answers. */
  kind: z.optional(z.enum(['deposit', 'adjustment'])),
  created_at: z.string(),
  updated_at: z.string(),
});

export type DepositRow = z.infer<typeof depositRowSchema>;

export const depositStatsSchema = z.object({
  count: z.number(),
  total_amount: z.number(),
  pending_count: z.number(),
  pending_amount: z.number(),
  completed_count: z.number(),
  completed_amount: z.number(),
  canceled_count: z.number(),
  canceled_amount: z.number(),
});

export type DepositStats = z.infer<typeof depositStatsSchema>;
