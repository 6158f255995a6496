import { describe, expect, it } from 'vitest';
import { depositAmountEffect } from './deposit-amount-effect.ts';

const inputs = { balance: 2_000_000, providerStatus: 'active', minDeposit: 1_000_000 };

describe('depositAmountEffect', () => {
  it('a completed deposit lowered from 1,500,000 to 500,000 takes 1,000,000 off the balance', () => {
    expect(depositAmountEffect('amount', 'completed', 1_500_000, 500_000, inputs)).toEqual({
      kind: 'balance',
      balanceBefore: 2_000_000,
      balanceAfter: 1_000_000,
      status: null,
    });
  });

  it('never goes below 0, and deactivates an active provider falling below the minimum', () => {
    expect(depositAmountEffect('amount', 'completed', 3_000_000, 0, inputs)).toEqual({
      kind: 'balance',
      balanceBefore: 2_000_000,
      balanceAfter: 0,
      status: { before: 'active', after: 'inactive' },
    });
  });

  it('raising the amount adds the difference', () => {
    expect(depositAmountEffect('amount', 'completed', 1_000, 501_000, inputs).balanceAfter).toBe(2_500_000);
  });

  it('a pending or canceled deposit moves no money', () => {
    for (const status of ['pending', 'canceled'] as const) {
      expect(depositAmountEffect('amount', status, 1_500_000, 500_000, inputs)).toEqual({
        kind: 'notCompleted',
        balanceBefore: 2_000_000,
        balanceAfter: 2_000_000,
        status: null,
      });
    }
  });

  it('the recorded old / new balance is a record: no money moves', () => {
    expect(depositAmountEffect('old_balance', 'completed', 1_000_000, 2_000_000, inputs).kind).toBe('recordOnly');
    expect(depositAmountEffect('new_balance', 'completed', null, 2_000_000, inputs).balanceAfter).toBe(2_000_000);
  });
});
