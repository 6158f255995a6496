// The lines of the deposit status confirmation (docs/screens.md#deposit-history): the change, the
// provider's balance before → after and the provider's status when it changes. Loaded with the first
// status change of the screen (deposit-status-editor.tsx).
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import type { DepositStatus } from './deposit-rules.ts';
import { depositStatusEffect } from './deposit-status-effect.ts';
import { fetchDepositStatusEffectInputs } from './deposit-status-effect-query.ts';
import type { DepositRow } from './deposit-types.ts';

/** Reads what the change depends on and words its effect, one line per fact. */
export async function depositStatusEffectLines(row: DepositRow, to: DepositStatus): Promise<string[]> {
  return effectLines(row, to, await fetchDepositStatusEffectInputs(row));
}

function effectLines(row: DepositRow, to: DepositStatus, inputs: Awaited<ReturnType<typeof fetchDepositStatusEffectInputs>>): string[] {
  const c = t.statusConfirm;
  const effect = depositStatusEffect(row.status, to, inputs);
  const name = inputs.providerName;
  const lines = [c.intro(statusLabel('deposit', row.status), statusLabel('deposit', to), formatVnd(row.amount))];
  lines.push(
    effect.balanceAfter === effect.balanceBefore
      ? c.balanceUnchanged(name, formatVnd(effect.balanceBefore))
      : c.balance(name, formatVnd(effect.balanceBefore), formatVnd(effect.balanceAfter)),
  );
  if (effect.status) lines.push(c.providerStatus(name, statusLabel('provider', effect.status.before), statusLabel('provider', effect.status.after)));
  return lines;
}
