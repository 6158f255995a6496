// The setting "Bắt buộc xác thực hai lớp cho quản trị viên" (settings.require_admin_mfa,
// docs/decisions.md#admin-second-factor) and whether this admin's own session already verified a
// second factor (so the screen can warn before it locks them out of data until they enrol).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { settingsKeys } from './keys.ts';

export const adminMfaSettingSchema = z.object({ require_admin_mfa: z.boolean(), updated_at: z.string() });

export interface AdminMfaSetting {
  required: boolean;
  updatedAt: string;
  sessionAtAal2: boolean;
}

export const adminMfaSettingKey = [...settingsKeys.all, 'admin-mfa'] as const;

export function adminMfaSettingQueryOptions() {
  return queryOptions({
    queryKey: adminMfaSettingKey,
    queryFn: async ({ signal }): Promise<AdminMfaSetting> => {
      const row = adminMfaSettingSchema.parse(
        unwrap(await supabase.from('settings').select('require_admin_mfa, updated_at').eq('id', 'app').abortSignal(signal).single()),
      );
      const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      return { required: row.require_admin_mfa, updatedAt: row.updated_at, sessionAtAal2: data?.currentLevel === 'aal2' };
    },
  });
}

export function useAdminMfaSetting() {
  return useQuery(adminMfaSettingQueryOptions());
}
