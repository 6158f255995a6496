// Row and stats shapes returned by admin_list_commissions / admin_commission_stats (jsonb).
// platform_fee = platform income, provider_amount = provider earnings (docs/decisions.md#commission-amounts).

export interface CommissionRow {
  id: string;
  booking_id: string;
  provider_id: string | null;
  provider_name: string | null;
  subcategory_id: string | null;
  service_name: string | null;
  commission_rate: number;
  service_price: number;
  platform_fee: number;
  provider_amount: number;
  final_price: number;
  booking_completed_at: string | null;
  created_at: string;
}

export interface CommissionStats {
  count: number;
  service_value: number;
  platform_fee: number;
  provider_amount: number;
  average_rate: number;
}
