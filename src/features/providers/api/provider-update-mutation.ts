// Inline edits of a provider's name, email, phone and status with optimistic concurrency: the
// update applies only to the version the admin saw (updated_at); otherwise the screen reloads and
// says another admin changed it (api/profile-update-mutation.ts).
import { saveProfileEmail, useProfileUpdate, type ProfileUpdateInput } from '@/api/profile-update-mutation.ts';
import { savedRow, unwrap } from '@/lib/errors/errors.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';
import { PROVIDER_COLUMNS, toProfile, type ProviderProfile, type RawProfile } from './provider-query.ts';

export async function updateProvider(input: ProfileUpdateInput): Promise<ProviderProfile> {
  if ('email' in input.patch) {
    await saveProfileEmail({ id: input.id, email: input.patch.email, expectedUpdatedAt: input.expectedUpdatedAt }, t.detail.conflict);
    return toProfile(savedRow(unwrap(await supabase.from('profiles').select(PROVIDER_COLUMNS).eq('id', input.id)), t.detail.conflict) as RawProfile);
  }
  const rows = unwrap(await supabase.from('profiles').update(input.patch).eq('id', input.id).eq('updated_at', input.expectedUpdatedAt).select(PROVIDER_COLUMNS));
  return toProfile(savedRow(rows, t.detail.conflict) as RawProfile);
}

export function useUpdateProvider() {
  return useProfileUpdate({ update: updateProvider, keys: providerKeys, texts: t.detail });
}
