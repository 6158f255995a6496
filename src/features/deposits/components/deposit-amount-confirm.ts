// The lines of an amount edit's confirmation (loaded with the first edit, not with the screen:
// docs/architecture.md#lazy-parts): old → new, and what it does to the provider's balance and
// status, read fresh. A failure to read them (offline, a 5xx) is thrown as it is: nothing is saved.
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { depositAmountEffect, type DepositAmountField } from '@/features/deposits/api/deposit-amount-effect.ts';
import { fetchDepositStatusEffectInputs } from '@/features/deposits/api/deposit-status-effect-query.ts';
import type { DepositRow } from '@/features/deposits/api/deposit-types.ts';

const c = t.amountConfirm;

export async function amountEffectLines(row: DepositRow, field: DepositAmountField, header: string, next: number): Promise<string[]> {
  const inputs = await fetchDepositStatusEffectInputs(row);
  const before = row[field];
  const effect = depositAmountEffect(field, row.status, before, next, inputs);
  const name = inputs.providerName;
  const lines = [c.change(header, before === null ? '—' : formatVnd(before), formatVnd(next))];
  if (effect.kind === 'balance' && effect.balanceAfter !== effect.balanceBefore) {
    lines.push(c.balance(name, formatVnd(effect.balanceBefore), formatVnd(effect.balanceAfter)));
  } else {
    lines.push(c.balanceUnchanged(name, formatVnd(effect.balanceBefore)));
    if (effect.kind !== 'balance') lines.push(effect.kind === 'recordOnly' ? c.recordOnly : c.notCompleted);
  }
  if (effect.status) lines.push(c.providerStatus(name, statusLabel('provider', effect.status.before), statusLabel('provider', effect.status.after)));
  return lines;
}
