// Whether the settings require admins to use a second factor (settings.require_admin_mfa,
// docs/decisions.md#admin-second-factor). Every signed-in user may read the settings row, so an
// admin whose session is not yet aal2 still learns that they must enrol.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { mfaKeys } from './mfa-keys.ts';

export function adminMfaRequirementQueryOptions() {
  return queryOptions({
    queryKey: mfaKeys.requirement(),
    queryFn: async ({ signal }): Promise<boolean> => {
      const row = unwrap(await supabase.from('settings').select('require_admin_mfa').eq('id', 'app').abortSignal(signal).single());
      return z.object({ require_admin_mfa: z.boolean() }).parse(row).require_admin_mfa;
    },
  });
}

export function useAdminMfaRequirement(enabled: boolean) {
  return useQuery({ ...adminMfaRequirementQueryOptions(), enabled });
}
