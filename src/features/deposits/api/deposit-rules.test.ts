import { describe, expect, it } from 'vitest';
import { readAmountEdit, readStatusEdit } from './deposit-rules.ts';
import { formatVnd } from '@/lib/format/format.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';

describe('deposit inline edits', () => {
  it('cancels on an empty or unchanged amount', () => {
    expect(readAmountEdit('   ', 100000)).toEqual({ kind: 'cancel' });
    expect(readAmountEdit('100.000', 100000)).toEqual({ kind: 'cancel' });
  });

  it('saves a new non-negative amount written with Vietnamese separators', () => {
    expect(readAmountEdit('1.500.000', 100000)).toEqual({ kind: 'save', value: 1500000 });
    expect(readAmountEdit('0', 100000)).toEqual({ kind: 'save', value: 0 });
  });

  it('refuses negative or non-numeric amounts', () => {
    for (const raw of ['-5', 'abc', '12,5']) {
      expect(readAmountEdit(raw, 1)).toEqual({ kind: 'invalid', message: t.amountInvalid });
    }
  });

  it('reads status edits', () => {
    expect(readStatusEdit('pending', 'pending')).toEqual({ kind: 'cancel' });
    expect(readStatusEdit('', 'pending')).toEqual({ kind: 'cancel' });
    expect(readStatusEdit('completed', 'pending')).toEqual({ kind: 'save', value: 'completed' });
    expect(readStatusEdit('done', 'pending')).toEqual({ kind: 'invalid', message: t.statusInvalid });
  });
});

describe('the 1,000 VND step of deposit inputs', () => {
  it('refuses 1,500 (typed for 1.500.000) naming the field and the value', () => {
    expect(readAmountEdit('1500', 1_500_000)).toEqual({
      kind: 'invalid',
      message: `Số tiền phải là bội số của 1.000 ₫ (ví dụ 1.500.000 ₫); ${formatVnd(1500)} không hợp lệ`,
    });
    expect(readAmountEdit('100.500', 0, 'Số dư cũ')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^Số dư cũ phải là bội số của 1\.000 ₫/) });
  });

  it('accepts whole thousands, with or without the currency sign', () => {
    expect(readAmountEdit('1.500.000 ₫', 0)).toEqual({ kind: 'save', value: 1_500_000 });
    expect(readAmountEdit('2000', 0)).toEqual({ kind: 'save', value: 2000 });
  });

  it('keeps the range message above 1,000,000,000', () => {
    expect(readAmountEdit('2.000.000.000', 0)).toMatchObject({ kind: 'invalid', message: bounds.moneyRange('Số tiền', 0, 1_000_000_000) });
  });
});

describe('readAmountEdit of thousands of digits', () => {
  it('says the range, not zod\'s English "Invalid input"', () => {
    expect(readAmountEdit('9'.repeat(10 * 1024), 0)).toEqual({ kind: 'invalid', message: bounds.moneyRange('Số tiền', 0, 1_000_000_000) });
  });
});
