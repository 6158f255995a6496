// The six-digit code of an authenticator app, verified against one factor (enrolment and the
// sign-in step share it). A wrong code is refused by Auth and said in Vietnamese.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Field, Input } from '@/components/ui/form-controls.tsx';
import { mfaCodeSchema, type MfaCodeForm as CodeForm, type MfaCodeValues } from '@/features/auth/api/mfa-code-schema.ts';
import { mfaErrorMessage } from '@/features/auth/api/mfa-errors.ts';
import { useVerifyTotp } from '@/features/auth/api/mfa-verify-mutation.ts';

export interface MfaCodeFormProps {
  factorId: string;
  label: string;
  submitLabel: string;
  submittingLabel: string;
  onVerified: () => void;
  /** A button beside the submit one (cancel, sign out). */
  secondary?: ReactNode;
  autoFocus?: boolean;
}

export function MfaCodeForm({ factorId, label, submitLabel, submittingLabel, onVerified, secondary, autoFocus }: MfaCodeFormProps) {
  const verify = useVerifyTotp();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CodeForm, unknown, MfaCodeValues>({ resolver: zodResolver(mfaCodeSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await verify.mutateAsync({ factorId, code });
      onVerified();
    } catch (verifyError) {
      setError(mfaErrorMessage(verifyError));
      form.setValue('code', '');
      form.setFocus('code');
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <Field label={label} error={form.formState.errors.code?.message ?? error ?? undefined} required>
        {(control) => (
          <Input
            {...control}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            className="font-mono tracking-widest"
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={verify.isPending}>
          {verify.isPending ? submittingLabel : submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
