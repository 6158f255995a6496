// The manual balance adjustment of a provider (docs/decisions.md#money-only-through-the-ledger):
// amount and mandatory reason, then a confirmation stating the old → new balance before anything
// is written. Loaded when the admin opens it from the balance card.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog, Modal } from '@/components/ui/dialog.tsx';
import { Field, Input, Textarea } from '@/components/ui/form-controls.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { formatVnd } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { ledger } from '@/lib/messages/ledger.ts';
import { useAdjustBalance } from '@/features/providers/api/balance-adjust-mutation.ts';
import {
  adjustBalanceSchema,
  MAX_REASON,
  parseAdjustmentAmount,
  type AdjustBalanceForm,
} from '@/features/providers/api/balance-adjust-schema.ts';
import type { ProviderProfile } from '@/features/providers/api/provider-query.ts';

const t = ledger.balance;
const a = ledger.adjust;
const EMPTY: AdjustBalanceForm = { amount: '', reason: '' };

export function AdjustBalanceDialog({ profile, open, onOpenChange }: { profile: ProviderProfile; open: boolean; onOpenChange: (open: boolean) => void }) {
  const adjust = useAdjustBalance();
  const [pending, setPending] = useState<{ amount: number; reason: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AdjustBalanceForm>({ resolver: zodResolver(adjustBalanceSchema(profile.deposit)), defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    setPending(null);
    setServerError(null);
    onOpenChange(false);
  };

  const onSubmit = handleSubmit((form) => {
    const amount = parseAdjustmentAmount(form.amount);
    if (amount === null) return;
    setServerError(null);
    setPending({ amount, reason: form.reason.trim() });
  });

  const confirm = () => {
    if (!pending) return;
    adjust.mutate(
      { providerId: profile.id, amount: pending.amount, reason: pending.reason },
      {
        onSuccess: (row) => {
          toast.success(a.done(formatVnd(row.new_balance)));
          close();
        },
        onError: (error) => {
          setPending(null);
          setServerError(toVietnameseMessage(error, { action: 'save' }));
        },
      },
    );
  };

  return (
    <>
      <Modal
        open={open && pending === null}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={a.title}
        description={a.description}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {common.actions.cancel}
            </Button>
            <Button type="submit" form="adjust-balance-form">
              {a.next}
            </Button>
          </>
        }
      >
        <form id="adjust-balance-form" onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
          {serverError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {serverError}
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            {t.current}: <span className="font-semibold tabular-nums">{formatVnd(profile.deposit)}</span>
          </p>
          <Field label={a.amount} hint={a.amountHint} error={errors.amount?.message} required>
            {(control) => <Input {...control} {...register('amount')} inputMode="numeric" autoComplete="off" required />}
          </Field>
          <Field label={a.reason} error={errors.reason?.message} required>
            {(control) => <Textarea {...control} {...register('reason')} maxLength={MAX_REASON} required />}
          </Field>
        </form>
      </Modal>
      <ConfirmDialog
        open={open && pending !== null}
        onOpenChange={(next) => (next ? undefined : setPending(null))}
        title={a.confirmTitle}
        description={
          pending ? (
            <>
              <span className="block font-medium text-slate-900">
                {a.confirmEffect(profile.name, formatVnd(profile.deposit), formatVnd(profile.deposit + pending.amount))}
              </span>
              <span className="mt-1 block">{a.confirmReason(pending.reason)}</span>
            </>
          ) : undefined
        }
        confirmLabel={a.confirm}
        pending={adjust.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
