// Saves the settings form. Optimistic concurrency: the row is updated only if updated_at is still
// the one the form was loaded with; otherwise nothing is written, the form reloads and the admin
// is told.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { ConflictError, savedRow, unwrap } from '@/lib/errors/errors.ts';
import { settings as t } from '@/lib/messages/settings.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { settingsSaveError } from './settings-errors.ts';
import { settingsKeys } from './keys.ts';
import { SETTINGS_COLUMNS, type SettingsRow } from './settings-query.ts';
import { toSettingsUpdate, type SettingsForm } from './settings-rules.ts';

export async function saveSettings(form: SettingsForm, baseUpdatedAt: string): Promise<SettingsRow> {
  const rows = unwrap(await supabase.from('settings').update(toSettingsUpdate(form)).eq('id', 'app').eq('updated_at', baseUpdatedAt).select(SETTINGS_COLUMNS));
  return savedRow(rows, t.conflict) as SettingsRow;
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ form, baseUpdatedAt }: { form: SettingsForm; baseUpdatedAt: string }) => saveSettings(form, baseUpdatedAt),
    onSuccess: (row) => {
      queryClient.setQueryData(settingsKeys.detail(), row);
      toast.success(t.saved);
    },
    onError: (error) => {
      toast.error(error instanceof ConflictError ? t.conflict : settingsSaveError(error));
      if (error instanceof ConflictError) void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
