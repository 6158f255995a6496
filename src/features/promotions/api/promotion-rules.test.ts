import { describe, expect, it } from 'vitest';
import {
  createPromotionSchema,
  daysLeft,
  normalizeCode,
  remainingUses,
  toNewPromotion,
  validateDiscountValue,
  validateCode,
  validateMaxUses,
  valueStep,
} from './promotion-rules.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';

describe('promotion rules', () => {
  it('floors remaining uses at zero', () => {
    expect(remainingUses(10, 3)).toBe(7);
    expect(remainingUses(5, 9)).toBe(0);
    expect(remainingUses(0, 0)).toBe(0);
  });

  it('counts days left as the ceiling, floored at zero', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(daysLeft('2026-11-23T00:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-23T00:00:01Z', now)).toBe(2);
    expect(daysLeft('2026-11-22T00:00:01Z', now)).toBe(1);
    expect(daysLeft('2026-11-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft('not a date', now)).toBe(0);
  });

  it('uses the step of the discount type', () => {
    expect(valueStep('percentage')).toBe(0.1);
    expect(valueStep('fixed_amount')).toBe(1000);
  });

  it('normalises codes like the database', () => {
    expect(normalizeCode('  giam10 ')).toBe('GIAM10');
  });

  it('validates values and uses with the messages of the catalogue', () => {
    expect(validateDiscountValue('', 'percentage')).toBe(t.valueInvalid);
    expect(validateDiscountValue('-1', 'fixed_amount')?.replace(/\u00a0/g, ' ')).toBe('Giá trị phải từ 0 ₫ đến 1.000.000.000 ₫');
    expect(validateDiscountValue('101', 'percentage')).toBe(t.percentageTooHigh);
    expect(validateDiscountValue('12,5', 'percentage')).toBeNull();
    expect(validateDiscountValue('0', 'fixed_amount')).toBeNull();
    const usesRange = 'Số lượt sử dụng tối đa phải là số nguyên từ 0 đến 1.000.000';
    expect(validateMaxUses('1.5')).toBe(usesRange);
    expect(validateMaxUses('-2')).toBe(usesRange);
    expect(validateMaxUses('abc')).toBe(usesRange);
    expect(validateMaxUses('')).toBe(usesRange);
    expect(validateMaxUses('1000001')).toBe(usesRange);
    expect(validateMaxUses('0')).toBeNull();
    expect(validateMaxUses('1000000')).toBeNull();
    expect(validateDiscountValue('1e3', 'percentage')).toBe(t.valueInvalid);
    expect(validateDiscountValue('99999999999999999999', 'fixed_amount')?.replace(/\u00a0/g, ' ')).toBe('Giá trị phải từ 0 ₫ đến 1.000.000.000 ₫');
    expect(validateDiscountValue('1.000.000.000', 'fixed_amount')).toBeNull();
  });

  it('refuses codes that are not 3–32 of A–Z 0–9 - _ once trimmed and upper-cased (docs/product.md#input-rules)', () => {
    const format = 'Mã khuyến mãi gồm 3–32 ký tự: chữ A–Z không dấu, số, dấu - hoặc _ (không có khoảng trắng)';
    expect(validateCode('GIAM 20 TẾT')).toBe(format);
    expect(validateCode('<b>x</b>')).toBe(format);
    expect(validateCode('ab')).toBe(format);
    expect(validateCode('A'.repeat(33))).toBe(format);
    expect(validateCode('   ')).toBe(t.codeRequired);
    expect(validateCode(' giam_20-tet ')).toBeUndefined();
  });

  it('reports every rule of the add form', () => {
    const result = createPromotionSchema.safeParse({
      code: '   ',
      discountType: 'percentage',
      discountValue: 'x',
      maxUses: '-1',
      expiresAt: '',
    });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([t.codeRequired, t.valueInvalid, 'Số lượt sử dụng tối đa phải là số nguyên từ 0 đến 1.000.000', t.expiryRequired]),
    );
    const badDate = createPromotionSchema.safeParse({
      code: 'ABC',
      discountType: 'fixed_amount',
      discountValue: '10000',
      maxUses: '5',
      expiresAt: '2026-13-01T00:00',
    });
    expect(badDate.success ? [] : badDate.error.issues.map((issue) => issue.message)).toEqual([t.expiryInvalid]);
  });

  it('builds the row to insert', () => {
    const form = createPromotionSchema.parse({
      code: ' tet2027 ',
      discountType: 'fixed_amount',
      discountValue: '50000',
      maxUses: '100',
      expiresAt: '2027-02-01T00:00',
    });
    expect(toNewPromotion(form)).toEqual({
      code: 'TET2027',
      discount_type: 'fixed_amount',
      discount_value: 50000,
      max_uses: 100,
      expires_at: '2027-01-31T17:00:00.000Z',
    });
  });
});
