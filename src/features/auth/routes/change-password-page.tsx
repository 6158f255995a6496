// /admin/change-password (docs/decisions.md#password-change).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Field, Input } from '@/components/ui/form-controls.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { auth } from '@/lib/messages/auth.ts';
import { ChangePasswordError, changePassword } from '@/features/auth/api/password-change-mutation.ts';
import { changePasswordSchema, MIN_PASSWORD_LENGTH, type ChangePasswordForm } from '@/features/auth/api/change-password-schema.ts';
import { useUnsavedChanges } from '@/components/ui/unsaved-changes.tsx';

const t = auth.changePassword;
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePasswordPage() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (form) => {
    setResult(null);
    try {
      await changePassword(form);
      reset(EMPTY);
      setResult({ ok: true, message: t.success });
      toast.success(t.success);
    } catch (error) {
      const message = error instanceof ChangePasswordError ? error.message : toVietnameseMessage(error, { action: 'password' });
      setResult({ ok: false, message });
    }
  });

  return (
    <div className="max-w-lg">
      <PageHeader title={t.heading} description={t.description} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        {result ? (
          <div
            role={result.ok ? 'status' : 'alert'}
            className={
              result.ok
                ? 'rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800'
                : 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
            }
          >
            {result.message}
          </div>
        ) : null}
        <Field label={t.current} error={errors.currentPassword?.message} required>
          {(control) => (
            <Input {...control} {...register('currentPassword')} type="password" autoComplete="current-password" required />
          )}
        </Field>
        <Field label={t.next} error={errors.newPassword?.message} required>
          {(control) => (
            <Input {...control} {...register('newPassword')} type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
          )}
        </Field>
        <Field label={t.confirm} error={errors.confirmPassword?.message} required>
          {(control) => (
            <Input {...control} {...register('confirmPassword')} type="password" autoComplete="new-password" required />
          )}
        </Field>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </form>
    </div>
  );
}
