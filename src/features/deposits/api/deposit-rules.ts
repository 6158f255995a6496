// Inline edit rules of the deposit history (docs/product.md#deposits-and-balances, docs/product.md#input-rules): amounts are non-negative whole VND
// in steps of 1,000 VND; an unchanged or empty value cancels the edit instead of saving; at most
// 1,000,000,000 VND, as the database (deposit_history_amount_step, deposit_history_amount_range).
import { z } from 'zod/mini';
import { formatVnd } from '@/lib/format/format.ts';
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

/** The step of every deposit input (docs/product.md#input-rules). */
export const DEPOSIT_STEP = 1000;

/** A deposit amount or recorded balance, once read as a number: whole VND, 0 to 1,000,000,000, in steps of 1,000. */
export function depositAmountSchema(field: string) {
  return z.number().check(
    z.superRefine((value, ctx) => {
      if (!Number.isSafeInteger(value) || value < 0 || value > MONEY_MAX) ctx.addIssue({ code: 'custom', message: bounds.moneyRange(field, 0, MONEY_MAX) });
      else if (value % DEPOSIT_STEP !== 0) ctx.addIssue({ code: 'custom', message: bounds.moneyStep(field, formatVnd(value)) });
    }),
  );
}

/** Reads a typed amount ("1.500.000", "1500000"): cancel when empty or unchanged. `field` names it in messages. */
export function readAmountEdit(raw: string, current: number, field = 'Số tiền'): AmountEdit {
  const text = raw.trim().replace(/[.\s_]/g, '').replace(/(₫|đ)$/i, '');
  if (text === '') return { kind: 'cancel' };
  if (!/^\d+$/.test(text)) return { kind: 'invalid', message: t.amountInvalid };
  const value = Number(text);
  // Thousands of digits read as Infinity, which zod's number refuses with its own English text.
  if (!Number.isFinite(value)) return { kind: 'invalid', message: bounds.moneyRange(field, 0, MONEY_MAX) };
  const checked = depositAmountSchema(field).safeParse(value);
  if (!checked.success) return { kind: 'invalid', message: checked.error.issues[0]?.message ?? t.amountInvalid };
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
