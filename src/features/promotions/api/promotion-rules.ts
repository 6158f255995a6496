// Rules of promotion codes shared by the list and detail screens (docs/product.md#promotion-codes, docs/decisions.md#promotion-code-normalisation).
// The database enforces the same rules (constraints and the normalisation trigger); the bounds are
// those of docs/product.md#input-rules (src/lib/input/input-bounds.ts).
import { z } from 'zod/mini';
import { formatDateTime, formatNumber, formatVnd, parseVietnamDateTime } from '@/lib/format/format.ts';
import { MONEY_MAX, NUMBER_MAX, parseDecimalInput, parseWholeNumber, PERCENT_MAX, PROMOTION_CODE_MAX, PROMOTION_CODE_PATTERN } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';

export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const PROMOTION_STATUSES = ['active', 'inactive'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Remaining uses = max(max_uses − uses_count, 0). */
export function remainingUses(maxUses: number, usesCount: number): number {
  return Math.max(maxUses - usesCount, 0);
}

/** Days left = max(ceil(days to expiry), 0). */
export function daysLeft(expiresAt: string | Date, now: Date = new Date()): number {
  const expiry = expiresAt instanceof Date ? expiresAt : new Date(expiresAt);
  if (Number.isNaN(expiry.getTime())) return 0;
  return Math.max(Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS), 0);
}

export function isExpired(expiresAt: string, now: Date = new Date()): boolean {
  const time = new Date(expiresAt).getTime();
  return !Number.isNaN(time) && time <= now.getTime();
}

/** The input step of the value field: 0.1 for a percentage, 1000 VND for a fixed amount. */
export function valueStep(type: DiscountType): number {
  return type === 'percentage' ? 0.1 : 1000;
}

/** The code as the database stores it (docs/decisions.md#promotion-code-normalisation): trimmed, upper-case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Longest code typed (the input's maxLength: room for the spaces trimmed around it). */
export const CODE_INPUT_MAX = PROMOTION_CODE_MAX + 8;
export const MAX_USES_MAX = NUMBER_MAX['discount_codes.max_uses'];

/** A code once trimmed and upper-cased: 3–32 of A–Z 0–9 - _ ("GIAM 20 TẾT" and "<b>" refused). */
export function validateCode(raw: string): string | undefined {
  const code = normalizeCode(raw);
  if (code === '') return t.codeRequired;
  return PROMOTION_CODE_PATTERN.test(code) ? undefined : bounds.promotionCodeInvalid;
}

/** The discount value as typed ("12,5", "50.000"); null when it is not a number of its type. */
export function parseDiscountValue(raw: string, type: DiscountType): number | null {
  return type === 'percentage' ? parseDecimalInput(raw) : parseWholeNumber(raw);
}

/** True when `value` is a multiple of `step` (0.1: at most one decimal), without float noise. */
function onStep(value: number, step: number): boolean {
  return step >= 1 ? value % step === 0 : Math.abs(value / step - Math.round(value / step)) < 1e-9;
}

/**
 * Validates a discount value for its type: a number, in range, on its step (0.1 for a percentage,
 * 1,000 VND for an amount: discount_codes_discount_value_step); the Vietnamese message names what is
 * wrong with the value typed, or null when valid.
 */
export function validateDiscountValue(raw: string, type: DiscountType): string | null {
  if (/^\s*-/.test(raw)) return type === 'percentage' ? bounds.percentRange(t.columns.value, PERCENT_MAX) : bounds.moneyRange(t.columns.value, 0, MONEY_MAX);
  const value = parseDiscountValue(raw, type);
  if (value === null) return t.valueInvalid;
  if (type === 'percentage' && value > PERCENT_MAX) return t.percentageTooHigh;
  if (type === 'fixed_amount' && value > MONEY_MAX) return bounds.moneyRange(t.columns.value, 0, MONEY_MAX);
  if (!onStep(value, valueStep(type))) return type === 'percentage' ? t.valuePercentStep(raw.trim()) : t.valueAmountStep(formatVnd(value));
  return null;
}

/** Max uses: a whole number from 0 to 1,000,000, and (for an existing code) not below the uses already made. */
export function validateMaxUses(raw: string, usesCount = 0): string | null {
  const value = parseWholeNumber(raw);
  if (value === null || value > MAX_USES_MAX) return bounds.numberRange(t.form.maxUses, 0, MAX_USES_MAX);
  if (value < usesCount) return t.maxUsesBelowUses(formatNumber(value), formatNumber(usesCount));
  return null;
}

/** An expiry set by the admin lies in the future (the database refuses a past one: expiry_in_past). */
export function validateFutureExpiry(expiry: Date, now: Date = new Date()): string | null {
  return expiry.getTime() <= now.getTime() ? t.expiryPast(formatDateTime(expiry)) : null;
}

export const createPromotionSchema = z
  .object({
    code: z.string().check(
      z.superRefine((code, ctx) => {
        const message = validateCode(code);
        if (message !== undefined) ctx.addIssue({ code: 'custom', message });
      }),
    ),
    discountType: z.enum(DISCOUNT_TYPES),
    discountValue: z.string(),
    maxUses: z.string(),
    expiresAt: z.string().check(z.trim(), z.minLength(1, t.expiryRequired)),
  })
  .check(z.superRefine((form, ctx) => {
    const valueError = validateDiscountValue(form.discountValue, form.discountType);
    if (valueError !== null) ctx.addIssue({ code: 'custom', path: ['discountValue'], message: valueError });
    const usesError = validateMaxUses(form.maxUses);
    if (usesError !== null) ctx.addIssue({ code: 'custom', path: ['maxUses'], message: usesError });
    if (form.expiresAt.trim() !== '') {
      const expiry = parseVietnamDateTime(form.expiresAt);
      const expiryError = expiry === null ? t.expiryInvalid : validateFutureExpiry(expiry);
      if (expiryError !== null) ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: expiryError });
    }
  }));

export type CreatePromotionForm = z.infer<typeof createPromotionSchema>;

export interface NewPromotion {
  code: string;
  discount_type: DiscountType;
  discount_value: number;
  max_uses: number;
  expires_at: string;
}

/** Turns a valid form into the row to insert: the code as the database stores it. */
export function toNewPromotion(form: CreatePromotionForm): NewPromotion {
  const expiry = parseVietnamDateTime(form.expiresAt);
  if (expiry === null) throw new Error(t.expiryInvalid);
  return {
    code: normalizeCode(form.code),
    discount_type: form.discountType,
    discount_value: parseDiscountValue(form.discountValue, form.discountType) ?? 0,
    max_uses: parseWholeNumber(form.maxUses) ?? 0,
    expires_at: expiry.toISOString(),
  };
}
