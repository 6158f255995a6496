// What an amount edit of a deposit row does, said before it is written (docs/product.md#deposits-and-balances):
// the amount of a completed deposit moves the provider's balance by the difference (never below 0)
// and may activate or deactivate the provider against the minimum deposit, as the ledger trigger
// does; the amount of a pending or canceled deposit, and the recorded old / new balance, move no money.
import type { DepositStatus } from './deposit-rules.ts';
import type { DepositStatusEffectInputs } from './deposit-status-effect.ts';

export type DepositAmountField = 'amount' | 'old_balance' | 'new_balance';

export interface DepositAmountEffect {
  /** Why the balance does not move, when it does not. */
  kind: 'balance' | 'notCompleted' | 'recordOnly';
  balanceBefore: number;
  balanceAfter: number;
  /** The provider's status before and after, when it changes. */
  status: { before: string; after: string } | null;
}

export function depositAmountEffect(
  field: DepositAmountField,
  rowStatus: DepositStatus,
  before: number | null,
  after: number,
  inputs: Omit<DepositStatusEffectInputs, 'amount'>,
): DepositAmountEffect {
  const unchanged = { balanceBefore: inputs.balance, balanceAfter: inputs.balance, status: null };
  if (field !== 'amount') return { kind: 'recordOnly', ...unchanged };
  if (rowStatus !== 'completed') return { kind: 'notCompleted', ...unchanged };
  const balanceAfter = Math.max(inputs.balance + (after - (before ?? 0)), 0);
  const next = inputs.providerStatus === 'active' && balanceAfter < inputs.minDeposit ? 'inactive' : inputs.providerStatus;
  return {
    kind: 'balance',
    balanceBefore: inputs.balance,
    balanceAfter,
    status: next === inputs.providerStatus ? null : { before: inputs.providerStatus, after: next },
  };
}
