import { describe, expect, it } from 'vitest';
import { readAmountEdit, readStatusEdit } from './deposit-rules.ts';
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
