// One customer's profile (null when the id is not a uuid or not a customer's).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import type { PersonSummary } from '@/lib/input/contact-rules.ts';
import { isUuid } from '@/lib/lists/search.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { customerKeys } from './keys.ts';


export interface CustomerProfile extends PersonSummary {
  total_bookings: number;
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

export const CUSTOMER_COLUMNS = 'id, name, email, phone, avatar_url, status, total_bookings, last_login_at, created_at, updated_at';

export function customerQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: async (): Promise<CustomerProfile | null> => {
      if (!isUuid(id)) return null;
      const row = unwrap<CustomerProfile | null>(await supabase.from('profiles').select(CUSTOMER_COLUMNS).eq('id', id).eq('role', 'customer').maybeSingle());
      return row ?? null;
    },
  });
}

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
