import { describe, expect, it } from 'vitest';
import { bookingStatusEffect, platformFee, statusChangeMovesMoney } from './booking-status-effect.ts';

const base = {
  originalPrice: 400_000,
  serviceRate: null,
  defaultRate: 10,
  commission: null,
  provider: { name: 'Trần Văn Thợ', totalEarnings: 1_200_000 },
};

describe('booking status effect', () => {
  it('asks for confirmation only when entering or leaving completed', () => {
    expect(statusChangeMovesMoney('pending', 'confirmed')).toBe(false);
    expect(statusChangeMovesMoney('confirmed', 'completed')).toBe(true);
    expect(statusChangeMovesMoney('completed', 'cancelled')).toBe(true);
    expect(statusChangeMovesMoney('completed', 'completed')).toBe(false);
  });

  it('rounds the fee like numeric rounding, on hundredths of a percent', () => {
    expect(platformFee(400_000, 10)).toBe(40_000);
    expect(platformFee(333_333, 12.5)).toBe(41_667);
    expect(platformFee(5, 10)).toBe(1);
    expect(platformFee(1_000_001, 0.01)).toBe(100);
  });

  it('entering completed creates the commission at the settings rate and adds the provider amount', () => {
    expect(bookingStatusEffect('confirmed', 'completed', base)).toEqual({
      kind: 'create',
      platformFee: 40_000,
      rate: 10,
      servicePrice: 400_000,
      earnings: { name: 'Trần Văn Thợ', before: 1_200_000, after: 1_560_000 },
    });
  });

  it("the service's own rate wins over the default", () => {
    const effect = bookingStatusEffect('pending', 'completed', { ...base, serviceRate: 15, provider: null });
    expect(effect).toMatchObject({ kind: 'create', platformFee: 60_000, rate: 15, earnings: null });
  });

  it('leaving completed removes the row and takes the provider amount back, never below 0', () => {
    const commission = { platformFee: 40_000, providerAmount: 360_000 };
    expect(bookingStatusEffect('completed', 'cancelled', { ...base, commission })).toEqual({
      kind: 'remove',
      platformFee: 40_000,
      earnings: { name: 'Trần Văn Thợ', before: 1_200_000, after: 840_000 },
    });
    const poor = { ...base, commission, provider: { name: 'A', totalEarnings: 100_000 } };
    expect(bookingStatusEffect('completed', 'pending', poor)).toMatchObject({ earnings: { after: 0 } });
    expect(bookingStatusEffect('completed', 'pending', base)).toEqual({ kind: 'remove', platformFee: null, earnings: null });
  });
});
