// What a deposit status change does to the provider, said before it is written
// (docs/product.md#deposits-and-balances): entering `completed` adds the amount to the balance,
// leaving it takes the amount back (never below 0); an inactive provider whose balance reaches the
// minimum deposit becomes active, an active one whose balance falls below it becomes inactive.
import type { DepositStatus } from './deposit-rules.ts';

export interface DepositStatusEffectInputs {
  amount: number;
  balance: number;
  providerStatus: string;
  minDeposit: number;
}

export interface DepositStatusEffect {
  balanceBefore: number;
  balanceAfter: number;
  /** The provider's status before and after, when it changes. */
  status: { before: string; after: string } | null;
}

export function depositStatusEffect(from: DepositStatus, to: DepositStatus, inputs: DepositStatusEffectInputs): DepositStatusEffect {
  const delta = from !== 'completed' && to === 'completed' ? inputs.amount : from === 'completed' && to !== 'completed' ? -inputs.amount : 0;
  const balanceAfter = Math.max(inputs.balance + delta, 0);
  let next = inputs.providerStatus;
  if (delta > 0 && next === 'inactive' && balanceAfter >= inputs.minDeposit) next = 'active';
  if (delta !== 0 && next === 'active' && balanceAfter < inputs.minDeposit) next = 'inactive';
  return {
    balanceBefore: inputs.balance,
    balanceAfter,
    status: next === inputs.providerStatus ? null : { before: inputs.providerStatus, after: next },
  };
}
