// The manual adjustment form (docs/decisions.md#money-only-through-the-ledger): a signed whole
// amount of VND (spaces and dots as thousands separators allowed), never 0, in steps of 1 000 VND
// (the deposit forms' step message), at most 1 000 000 000 either way, not taking the balance below
// 0; a reason of 1–500 characters. The database checks the same rules (admin_adjust_balance, the
// ledger's step constraints).
import { z } from 'zod/mini';
import { formatVnd } from '@/lib/format/format.ts';
import { MONEY_STEP } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { ledger } from '@/lib/messages/ledger.ts';

const t = ledger.adjust;
export const MAX_ADJUSTMENT = 1_000_000_000;
export const MAX_REASON = 500;

/** "-50.000" → -50000; null when the text is not a signed whole number. */
export function parseAdjustmentAmount(text: string): number | null {
  const compact = text.replace(/[\s.]/g, '');
  if (!/^[+-]?\d{1,13}$/.test(compact)) return null;
  return Number(compact);
}

export function adjustBalanceSchema(balance: number) {
  return z.object({
    amount: z.string().check(
      z.trim(),
      z.superRefine((text, ctx) => {
        if (text === '') {
          ctx.addIssue({ code: 'custom', message: t.amountRequired });
          return;
        }
        const amount = parseAdjustmentAmount(text);
        if (amount === null || amount === 0) ctx.addIssue({ code: 'custom', message: t.amountInvalid });
        else if (Math.abs(amount) > MAX_ADJUSTMENT) ctx.addIssue({ code: 'custom', message: t.amountTooLarge });
        else if (amount % MONEY_STEP !== 0) ctx.addIssue({ code: 'custom', message: bounds.moneyStep(t.amountField, formatVnd(amount)) });
        else if (balance + amount < 0) ctx.addIssue({ code: 'custom', message: t.belowZero(formatVnd(balance)) });
      }),
    ),
    reason: z.string().check(z.trim(), z.minLength(1, t.reasonRequired), z.maxLength(MAX_REASON, t.reasonTooLong)),
  });
}

export type AdjustBalanceForm = z.input<ReturnType<typeof adjustBalanceSchema>>;
