import { describe, expect, it } from 'vitest';
import { depositStatusEffect } from './deposit-status-effect.ts';

const inputs = { amount: 2_000_000, balance: 1_200_000, providerStatus: 'active', minDeposit: 500_000 };

describe('deposit status effect', () => {
  it('completing adds the amount to the balance', () => {
    expect(depositStatusEffect('pending', 'completed', inputs)).toEqual({ balanceBefore: 1_200_000, balanceAfter: 3_200_000, status: null });
  });

  it('leaving completed takes it back, never below 0, and deactivates below the minimum', () => {
    expect(depositStatusEffect('completed', 'canceled', inputs)).toEqual({
      balanceBefore: 1_200_000,
      balanceAfter: 0,
      status: { before: 'active', after: 'inactive' },
    });
  });

  it('an inactive provider reaching the minimum becomes active; pending approval and banned stay', () => {
    const inactive = { ...inputs, balance: 0, providerStatus: 'inactive' };
    expect(depositStatusEffect('pending', 'completed', inactive).status).toEqual({ before: 'inactive', after: 'active' });
    expect(depositStatusEffect('pending', 'completed', { ...inactive, amount: 100_000 }).status).toBeNull();
    expect(depositStatusEffect('pending', 'completed', { ...inactive, providerStatus: 'pending_approval' }).status).toBeNull();
    expect(depositStatusEffect('pending', 'completed', { ...inactive, providerStatus: 'banned' }).status).toBeNull();
  });

  it('pending ↔ canceled moves nothing', () => {
    expect(depositStatusEffect('pending', 'canceled', inputs)).toEqual({ balanceBefore: 1_200_000, balanceAfter: 1_200_000, status: null });
  });
});
