// Turns "Bắt buộc xác thực hai lớp cho quản trị viên" on or off (one column of the settings row;
// the database lets only an admin do it, and with the setting on only an aal2 admin).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { unwrap } from '@/lib/errors/errors.ts';
import { mfa } from '@/lib/messages/mfa.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { adminMfaSettingKey, adminMfaSettingSchema, type AdminMfaSetting } from './admin-mfa-setting-query.ts';
import { settingsSaveError } from './settings-errors.ts';

export async function saveAdminMfaSetting(required: boolean): Promise<{ required: boolean; updatedAt: string }> {
  const rows = unwrap(await supabase.from('settings').update({ require_admin_mfa: required }).eq('id', 'app').select('require_admin_mfa, updated_at'));
  const row = adminMfaSettingSchema.parse(rows[0]);
  return { required: row.require_admin_mfa, updatedAt: row.updated_at };
}

export function useSaveAdminMfaSetting() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: saveAdminMfaSetting,
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminMfaSetting>(adminMfaSettingKey, (previous) => (previous ? { ...previous, ...saved } : previous));
      toast.success(saved.required ? mfa.setting.enabled : mfa.setting.disabled);
    },
    onError: (error) => toast.error(settingsSaveError(error)),
  });
}
