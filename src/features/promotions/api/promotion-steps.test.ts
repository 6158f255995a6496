// The promotion rules of issue 29: value steps, max uses not below the uses made, an expiry in the
// future, each message naming the value typed (docs/product.md#promotion-codes).
import { describe, expect, it } from 'vitest';
import { formatVnd } from '@/lib/format/format.ts';
import { createPromotionSchema, validateCode, validateDiscountValue, validateFutureExpiry, validateMaxUses } from './promotion-rules.ts';

describe('promotion value steps', () => {
  it('a percentage has at most one decimal: 12,55 says so', () => {
    expect(validateDiscountValue('12,55', 'percentage')).toBe('Phần trăm giảm chỉ có tối đa một chữ số thập phân (bước 0,1, ví dụ 12,5); 12,55 không hợp lệ');
    expect(validateDiscountValue('12,5', 'percentage')).toBeNull();
    expect(validateDiscountValue('0.1', 'percentage')).toBeNull();
  });

  it('a fixed amount is a multiple of 1,000 VND', () => {
    expect(validateDiscountValue('15.500', 'fixed_amount')).toBe(`Số tiền giảm phải là bội số của 1.000 ₫ (ví dụ 50.000); ${formatVnd(15500)} không hợp lệ`);
    expect(validateDiscountValue('15.000', 'fixed_amount')).toBeNull();
  });
});

describe('max uses against the uses made', () => {
  it('names the value typed and the uses', () => {
    expect(validateMaxUses('10', 40)).toBe('Số lượt tối đa 10 nhỏ hơn số lượt đã dùng (40): nhập từ 40 trở lên');
    expect(validateMaxUses('40', 40)).toBeNull();
    expect(validateMaxUses('0')).toBeNull();
  });
});

describe('expiry in the future', () => {
  const now = new Date('2026-11-28T05:00:00Z');
  it('refuses a past expiry, naming it in Vietnam time', () => {
    expect(validateFutureExpiry(new Date('2026-11-27T03:00:00Z'), now)).toBe('Ngày hết hạn 10:00 27/11/2026 đã qua: hãy chọn một thời điểm trong tương lai');
    expect(validateFutureExpiry(new Date('2026-11-29T03:00:00Z'), now)).toBeNull();
  });

  it('the add form refuses an expiry in the past', () => {
    const result = createPromotionSchema.safeParse({ code: 'GIAMCU', discountType: 'percentage', discountValue: '10', maxUses: '5', expiresAt: '2020-01-01T10:00' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'expiresAt')?.message).toMatch(/^Ngày hết hạn 10:00 01\/01\/2020 đã qua/);
  });
});

describe('a blank code', () => {
  it('says the code is empty, not a generic message', () => {
    expect(validateCode('   ')).toBe('Mã khuyến mãi không được để trống');
  });
});
