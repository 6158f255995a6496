// The one settings row (id = 'app', docs/decisions.md#one-settings-row).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { settingsKeys } from './keys.ts';

export interface SettingsRow {
  id: string;
  admin_email: string;
  site_name: string;
  site_description: string;
  contact_phone: string;
  contact_address: string;
  commission_rate: number;
  min_deposit_amount: number;
  maintenance_mode: boolean;
  featured_banner_url: string | null;
  voucher_banner_url: string | null;
  app_store_url: string | null;
  google_play_url: string | null;
  /** yyyy-mm-dd: the day the privacy policy's text last changed (shown on /privacy). */
  privacy_policy_updated_on: string;
  updated_at: string;
}

export const SETTINGS_COLUMNS =
  'id, admin_email, site_name, site_description, contact_phone, contact_address, commission_rate, min_deposit_amount, maintenance_mode, featured_banner_url, voucher_banner_url, app_store_url, google_play_url, privacy_policy_updated_on, updated_at';

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.detail(),
    queryFn: async ({ signal }): Promise<SettingsRow> =>
      unwrap(await supabase.from('settings').select(SETTINGS_COLUMNS).eq('id', 'app').abortSignal(signal).single()) as SettingsRow,
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
