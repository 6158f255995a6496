// Shapes returned by admin_list_deposits / admin_deposit_stats (jsonb).
import type { DepositStatus } from './deposit-rules.ts';

export interface DepositRow {
  id: string;
  provider_id: string;
  provider_name: string | null;
  provider_email: string | null;
  /** The provider's balance now (profiles.deposit). */
  provider_balance: number | null;
  provider_status: string | null;
  amount: number;
  status: DepositStatus;
  old_balance: number | null;
  new_balance: number | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface DepositStats {
  count: number;
  total_amount: number;
  pending_count: number;
  pending_amount: number;
  completed_count: number;
  completed_amount: number;
  canceled_count: number;
  canceled_amount: number;
}
