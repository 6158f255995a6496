// A provider's balance with its 10 latest ledger rows and the manual adjustment
// (docs/decisions.md#money-only-through-the-ledger): amount and mandatory reason, then a
// confirmation stating the old → new balance before anything is written.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog, Modal } from '@/components/ui/dialog.tsx';
import { Field, Input, Textarea } from '@/components/ui/form-controls.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { InlineQueryError } from '@/components/ui/states.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage } from '@/lib/errors.ts';
import { formatDateTime, formatVnd } from '@/lib/format.ts';
import { common } from '@/lib/messages/common.ts';
import { ledger } from '@/lib/messages/ledger.ts';
import { useAdjustBalance } from '@/features/providers/api/balance-adjust-mutation.ts';
import {
  adjustBalanceSchema,
  MAX_REASON,
  parseAdjustmentAmount,
  type AdjustBalanceForm,
} from '@/features/providers/api/balance-adjust-schema.ts';
import { useProviderLedger, type LedgerRow } from '@/features/providers/api/provider-ledger-query.ts';
import type { ProviderProfile } from '@/features/providers/api/provider-query.ts';

const t = ledger.balance;
const a = ledger.adjust;
const EMPTY: AdjustBalanceForm = { amount: '', reason: '' };

function signedVnd(amount: number): string {
  return amount > 0 ? `+${formatVnd(amount)}` : formatVnd(amount);
}

function LedgerTable({ rows }: { rows: LedgerRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{t.columns.time}</th>
            <th scope="col" className="py-2 pr-3 font-medium">{t.columns.kind}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{t.columns.amount}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{t.columns.change}</th>
            <th scope="col" className="py-2 pr-3 font-medium">{t.columns.status}</th>
            <th scope="col" className="py-2 font-medium">{t.columns.note}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="ledger-row">
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{t.kinds[row.kind] ?? row.kind}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                {row.kind === 'adjustment' ? signedVnd(row.amount) : formatVnd(row.amount)}
              </td>
              <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                {row.old_balance === null || row.new_balance === null ? '—' : `${formatVnd(row.old_balance)} → ${formatVnd(row.new_balance)}`}
              </td>
              <td className="py-2 pr-3">
                <StatusBadge entity="deposit" status={row.status} />
              </td>
              <td className="py-2 break-words">{row.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AdjustBalanceDialog({ profile, open, onOpenChange }: { profile: ProviderProfile; open: boolean; onOpenChange: (open: boolean) => void }) {
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

export function BalanceCard({ profile }: { profile: ProviderProfile }) {
  const history = useProviderLedger(profile.id);
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      titleId="provider-balance-title"
      title={t.title}
      action={
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {t.adjust}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-700">
        {t.current}:{' '}
        <span className="font-semibold whitespace-nowrap tabular-nums" data-testid="provider-balance-current">
          {formatVnd(profile.deposit)}
        </span>
      </p>
      <h3 className="mb-1 text-sm font-semibold text-slate-800">{t.history}</h3>
      {history.isError ? (
        <InlineQueryError title={t.historyFailed} error={history.error} />
      ) : history.data && history.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t.historyEmpty}</p>
      ) : history.data ? (
        <LedgerTable rows={history.data} />
      ) : null}
      <Link to={`/admin/manage-deposit-history?provider=${profile.id}`} className="mt-3 inline-block text-sm text-teal-800 hover:underline">
        {t.viewAll}
      </Link>
      <AdjustBalanceDialog profile={profile} open={open} onOpenChange={setOpen} />
    </SectionCard>
  );
}
