// The adjustment form's rules: signed whole amounts with thousands separators, never 0, in steps of
// 1 000 VND, bounded, never taking the balance below 0; a reason is required and bounded.
import { describe, expect, it } from 'vitest';
import { bounds } from '@/lib/messages/bounds.ts';
import { adjustBalanceSchema, parseAdjustmentAmount } from './balance-adjust-schema.ts';

function messages(balance: number, amount: string, reason: string): string[] {
  const result = adjustBalanceSchema(balance).safeParse({ amount, reason });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('parseAdjustmentAmount', () => {
  it('reads signed whole amounts with spaces or dots as thousands separators', () => {
    expect(parseAdjustmentAmount('250.000')).toBe(250000);
    expect(parseAdjustmentAmount('-50 000')).toBe(-50000);
    expect(parseAdjustmentAmount('+1000')).toBe(1000);
  });
  it('refuses anything else', () => {
    for (const text of ['', 'abc', '1,5', '12a', '--5', '1e6']) expect(parseAdjustmentAmount(text)).toBeNull();
  });
});

describe('adjustBalanceSchema', () => {
  it('accepts a credit, or a debit the balance covers, with a reason', () => {
    expect(messages(0, '250.000', 'Hoàn tiền')).toEqual([]);
    expect(messages(100000, '-100000', 'Phạt trễ hẹn')).toEqual([]);
  });
  it('names what is wrong with the amount', () => {
    expect(messages(0, '', 'Lý do')).toEqual(['Vui lòng nhập số tiền điều chỉnh']);
    expect(messages(0, '0', 'Lý do')).toEqual(['Số tiền điều chỉnh phải là số nguyên (có thể âm), khác 0']);
    expect(messages(0, 'abc', 'Lý do')).toEqual(['Số tiền điều chỉnh phải là số nguyên (có thể âm), khác 0']);
    expect(messages(0, '1000000001', 'Lý do')).toEqual(['Số tiền điều chỉnh tối đa 1.000.000.000 đ mỗi lần']);
    expect(messages(50000, '-51.000', 'Lý do')[0]).toMatch(/^Số dư sau điều chỉnh không được âm \(hiện có 50\.000\s₫\)$/);
  });
  it('refuses an amount off the 1.000 ₫ step, either way, with the deposit forms\' step message', () => {
    expect(messages(0, '1.500', 'Lý do')).toEqual([bounds.moneyStep('Số tiền điều chỉnh', '1.500\u00a0₫')]);
    expect(messages(0, '1.500', 'Lý do')).toEqual(['Số tiền điều chỉnh phải là bội số của 1.000 ₫ (ví dụ 1.500.000 ₫); 1.500\u00a0₫ không hợp lệ']);
    expect(messages(100000, '-999', 'Lý do')).toEqual(['Số tiền điều chỉnh phải là bội số của 1.000 ₫ (ví dụ 1.500.000 ₫); -999\u00a0₫ không hợp lệ']);
    expect(messages(0, '250.001', 'Lý do')).toHaveLength(1);
    expect(messages(100000, '-2.000', 'Lý do')).toEqual([]);
  });
  it('requires a reason of at most 500 characters', () => {
    expect(messages(0, '1000', '   ')).toEqual(['Vui lòng nhập lý do điều chỉnh']);
    expect(messages(0, '1000', 'x'.repeat(501))).toEqual(['Lý do điều chỉnh tối đa 500 ký tự']);
  });
});
