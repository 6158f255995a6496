// The line under a deposit row that says why its balance moved from old_balance to new_balance
// (docs/product.md#deposits-and-balances): a deposit completed, taken back when it left
// "Đã hoàn thành" (and only down to 0 ₫), its amount edited while completed, or the record
// corrected by hand. An adjustment already shows its reason as its note.
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import type { DepositRow } from '@/features/deposits/api/deposit-types.ts';

export function balanceReasonText(row: DepositRow): string | null {
  const r = t.balanceReason;
  switch (row.balance_reason) {
    case 'completed':
      return r.completed(formatVnd(row.amount), statusLabel('deposit', 'completed'));
    case 'reverted': {
      const text = r.reverted(formatVnd(row.amount), statusLabel('deposit', 'completed'), statusLabel('deposit', row.status));
      const taken = row.old_balance !== null && row.new_balance !== null ? row.old_balance - row.new_balance : row.amount;
      return taken < row.amount ? `${text} ${r.floored(formatVnd(taken))}` : text;
    }
    case 'amount_changed':
      return r.amountChanged(formatVnd(row.amount_before ?? null), formatVnd(row.amount));
    case 'corrected':
      return r.corrected;
    default:
      return null;
  }
}

export function BalanceReason({ row }: { row: DepositRow }) {
  const text = balanceReasonText(row);
  if (text === null) return null;
  return (
    <div className="text-xs break-words text-slate-600" data-testid="balance-reason">
      {text}
    </div>
  );
}
