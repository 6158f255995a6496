// A provider's balance with its 10 latest ledger rows and the manual adjustment
// (docs/decisions.md#money-only-through-the-ledger): amount and mandatory reason, then a
// confirmation stating the old → new balance before anything is written.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button.tsx';
import { lazyDialog } from '@/components/ui/dialog.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { InlineQueryError } from '@/components/ui/states.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatDateTime, formatVnd } from '@/lib/format/format.ts';
import { ledger } from '@/lib/messages/ledger.ts';
import { useProviderLedger, type LedgerRow } from '@/features/providers/api/provider-ledger-query.ts';
import type { ProviderProfile } from '@/features/providers/api/provider-query.ts';

const t = ledger.balance;

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

// The adjustment form (react-hook-form) is loaded when the admin opens it (docs/architecture.md#lazy-parts).
const AdjustBalanceDialog = lazyDialog(() => import('./adjust-balance-dialog.tsx').then((module) => module.AdjustBalanceDialog));

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
