// Enrolment of an authenticator app (docs/screens.md#two-factor-authentication): a name, then the
// QR code and the key to type by hand, then a code from the app, which turns the factor on (and
// steps the session up to aal2). Cancelling removes the unverified factor.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { Field, Input } from '@/components/ui/form-controls.tsx';
import { useToast } from '@/components/ui/toast.tsx';
import { mfa } from '@/lib/messages/mfa.ts';
import { enrolNameSchema, type EnrolNameForm } from '@/features/auth/api/mfa-code-schema.ts';
import { useEnrollTotp, type Enrolment } from '@/features/auth/api/mfa-enroll-mutation.ts';
import { mfaErrorMessage } from '@/features/auth/api/mfa-errors.ts';
import { useUnenrollFactor } from '@/features/auth/api/mfa-unenroll-mutation.ts';
import { MfaCodeForm } from './mfa-code-form.tsx';

const t = mfa.enrol;

/** The secret in groups of four characters, as authenticator apps show it. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function NameStep({ onEnrolled }: { onEnrolled: (enrolment: Enrolment) => void }) {
  const enroll = useEnrollTotp();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EnrolNameForm>({ resolver: zodResolver(enrolNameSchema), defaultValues: { friendlyName: '' } });
  const onSubmit = form.handleSubmit(async ({ friendlyName }) => {
    setError(null);
    try {
      onEnrolled(await enroll.mutateAsync(friendlyName));
    } catch (enrolError) {
      setError(mfaErrorMessage(enrolError));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <Field label={t.friendlyName} error={form.formState.errors.friendlyName?.message ?? error ?? undefined}>
        {(control) => <Input {...control} {...form.register('friendlyName')} placeholder={t.friendlyNamePlaceholder} maxLength={255} />}
      </Field>
      <Button type="submit" loading={enroll.isPending}>
        {enroll.isPending ? t.starting : t.start}
      </Button>
    </form>
  );
}

export interface MfaEnrolFormProps {
  /** After the factor is verified. */
  onDone?: () => void;
  /** Offer "Hủy" before the QR code is shown too. */
  onCancel?: () => void;
}

export function MfaEnrolForm({ onDone, onCancel }: MfaEnrolFormProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const unenroll = useUnenrollFactor();
  const toast = useToast();

  if (enrolment === null) {
    return (
      <div className="space-y-3">
        <NameStep onEnrolled={setEnrolment} />
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
    );
  }

  async function cancel() {
    if (enrolment !== null) await unenroll.mutateAsync(enrolment.factorId).catch(() => undefined);
    setEnrolment(null);
    onCancel?.();
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img src={enrolment.qrCodeUrl} alt={t.qrAlt} width={180} height={180} className="size-44 rounded border border-slate-200 bg-white" />
        <div className="min-w-0 space-y-2 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{t.scan}</p>
          <p>{t.manualKey}:</p>
          <code data-testid="mfa-secret" data-secret={enrolment.secret} className="block rounded bg-slate-100 px-2 py-1 font-mono break-all text-slate-900 select-all">
            {groupKey(enrolment.secret)}
          </code>
        </div>
      </div>
      <MfaCodeForm
        factorId={enrolment.factorId}
        label={t.code}
        submitLabel={t.verify}
        submittingLabel={t.verifying}
        onVerified={() => {
          toast.success(t.enabled);
          setEnrolment(null);
          onDone?.();
        }}
        secondary={
          <Button variant="ghost" disabled={unenroll.isPending} onClick={() => void cancel()}>
            {t.cancel}
          </Button>
        }
      />
    </div>
  );
}
