// The "Bảo mật" section of the settings screen: the switch "Bắt buộc xác thực hai lớp cho quản trị
// viên", saved on its own when toggled (like the banners), with a warning when this admin's own
// session has not verified a second factor yet.
import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { InlineQueryError } from '@/components/ui/states.tsx';
import { mfa } from '@/lib/messages/mfa.ts';
import { useSaveAdminMfaSetting } from '@/features/settings/api/admin-mfa-setting-mutation.ts';
import { useAdminMfaSetting } from '@/features/settings/api/admin-mfa-setting-query.ts';

const t = mfa.setting;

export interface AdminMfaSettingProps {
  disabled: boolean;
  /** Called with the settings row's new updated_at after the switch was saved. */
  onChanged: (updatedAt: string) => void;
}

export function AdminMfaSettingSection({ disabled, onChanged }: AdminMfaSettingProps) {
  const setting = useAdminMfaSetting();
  const save = useSaveAdminMfaSetting();
  const id = useId();
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {t.section}
      </h2>
      {setting.error ? (
        <InlineQueryError title={t.loadFailed} error={setting.error} />
      ) : (
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              role="switch"
              aria-describedby={`${id}-hint`}
              checked={setting.data?.required ?? false}
              disabled={disabled || setting.data === undefined || save.isPending}
              onChange={(event) => {
                void save.mutateAsync(event.target.checked).then((saved) => onChanged(saved.updatedAt), () => undefined);
              }}
              className="size-4 accent-teal-700"
            />
            {t.label}
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {t.hint}
          </p>
          {setting.data && !setting.data.sessionAtAal2 && !setting.data.required ? (
            <p className="flex items-start gap-1.5 text-xs text-amber-900">
              <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
              {t.ownFactorFirst}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
