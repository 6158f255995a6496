// Inline edits of a customer's name, email, phone and status with optimistic concurrency on
// updated_at: another admin's change is never overwritten; the screen reloads and says so
// (api/profile-update-mutation.ts).
import { saveProfileEmail, useProfileUpdate, type ProfileUpdateInput } from '@/api/profile-update-mutation.ts';
import { savedRow, unwrap } from '@/lib/errors/errors.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { customerKeys } from './keys.ts';
import { CUSTOMER_COLUMNS, type CustomerProfile } from './customer-query.ts';

export async function updateCustomer(input: ProfileUpdateInput): Promise<CustomerProfile> {
  if ('email' in input.patch) {
    await saveProfileEmail({ id: input.id, email: input.patch.email, expectedUpdatedAt: input.expectedUpdatedAt }, t.detail.conflict);
    return savedRow(unwrap(await supabase.from('profiles').select(CUSTOMER_COLUMNS).eq('id', input.id)), t.detail.conflict);
  }
  const rows = unwrap(await supabase.from('profiles').update(input.patch).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select(CUSTOMER_COLUMNS));
  return savedRow(rows, t.detail.conflict);
}

export function useUpdateCustomer() {
  return useProfileUpdate({ update: updateCustomer, keys: customerKeys, texts: t.detail });
}
