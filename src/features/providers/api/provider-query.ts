// One provider's profile (null when the id is not a provider's).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { isUuid } from '@/lib/lists/search.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';
import { readSavedAddresses, type SavedAddress } from './provider-rules.ts';

export type { SavedAddress } from './provider-rules.ts';


export interface ProviderProfile {
  id: string;
  role: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatar_url: string | null;
  status: string;
  deposit: number;
  total_earnings: number;
  saved_addresses: SavedAddress[];
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export const PROVIDER_COLUMNS = 'id, role, name, email, phone, avatar_url, status, deposit, total_earnings, saved_addresses, last_login_at, created_at, updated_at';

export type RawProfile = Omit<ProviderProfile, 'saved_addresses'> & { saved_addresses: unknown };

export function toProfile(row: RawProfile): ProviderProfile {
  return { ...row, saved_addresses: readSavedAddresses(row.saved_addresses) };
}

export function providerQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerKeys.detail(id),
    queryFn: async (): Promise<ProviderProfile | null> => {
      if (!isUuid(id)) return null;
      const row = unwrap<RawProfile | null>(await supabase.from('profiles').select(PROVIDER_COLUMNS).eq('id', id).eq('role', 'provider').maybeSingle());
      return row ? toProfile(row) : null;
    },
  });
}

export function useProvider(id: string) {
  return useQuery(providerQueryOptions(id));
}
