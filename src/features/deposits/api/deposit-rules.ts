// Inline edit rules of the deposit history (docs/product.md#deposits-and-balances, docs/product.md#input-rules): amounts are non-negative whole VND; an
// unchanged or empty value cancels the edit instead of saving; at most 1,000,000,000 VND, as the database.
import { MONEY_MAX } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';

export const DEPOSIT_STATUSES = ['pending', 'completed', 'canceled'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export function isDepositStatus(value: string): value is DepositStatus {
  return (DEPOSIT_STATUSES as readonly string[]).includes(value);
}

export type AmountEdit =
  | { kind: 'cancel' }
  | { kind: 'invalid'; message: string }
  | { kind: 'save'; value: number };

/** Reads a typed amount ("1.500.000", "1500000"): cancel when empty or unchanged. */
export function readAmountEdit(raw: string, current: number): AmountEdit {
  const text = raw.trim().replace(/[.\s_]/g, '').replace(/đ$/i, '');
  if (text === '') return { kind: 'cancel' };
  if (!/^\d+$/.test(text)) return { kind: 'invalid', message: t.amountInvalid };
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value > MONEY_MAX) return { kind: 'invalid', message: bounds.moneyRange('Số tiền', 0, MONEY_MAX) };
  if (value === current) return { kind: 'cancel' };
  return { kind: 'save', value };
}

export type StatusEdit =
  | { kind: 'cancel' }
  | { kind: 'invalid'; message: string }
  | { kind: 'save'; value: DepositStatus };

export function readStatusEdit(raw: string, current: DepositStatus): StatusEdit {
  if (raw === '' || raw === current) return { kind: 'cancel' };
  if (!isDepositStatus(raw)) return { kind: 'invalid', message: t.statusInvalid };
  return { kind: 'save', value: raw };
}
