import { describe, expect, it } from 'vitest';
import { bulkBookingStatusEffect, type BulkBookingEffectInputs } from './booking-bulk-effect.ts';

const inputs: BulkBookingEffectInputs = {
  serviceRates: new Map([
    ['svc-15', 15],
    ['svc-default', null],
  ]),
  defaultRate: 10,
  commissions: new Map([['done-1', { platformFee: 30_000, providerAmount: 170_000 }]]),
  providers: new Map([
    ['prov-a', { name: 'Thợ A', totalEarnings: 1_000_000 }],
    ['prov-b', { name: 'Thợ B', totalEarnings: 100_000 }],
  ]),
};

describe('bulk booking status effect', () => {
  it('sums the commissions created and follows each provider through the batch', () => {
    const effect = bulkBookingStatusEffect(
      [
        { id: 'b1', status: 'confirmed', originalPrice: 200_000, subcategoryId: 'svc-15', providerId: 'prov-a' },
        { id: 'b2', status: 'confirmed', originalPrice: 100_000, subcategoryId: 'svc-default', providerId: 'prov-a' },
        { id: 'b3', status: 'pending', originalPrice: 300_000, subcategoryId: 'svc-default', providerId: 'prov-b' },
      ],
      'completed',
      inputs,
    );
    expect(effect).toEqual({
      from: [
        { status: 'confirmed', count: 2 },
        { status: 'pending', count: 1 },
      ],
      created: { count: 3, platformFee: 30_000 + 10_000 + 30_000, servicePrice: 600_000 },
      removed: { count: 0, platformFee: 0, withoutCommission: 0 },
      earnings: [
        { name: 'Thợ A', before: 1_000_000, after: 1_000_000 + 170_000 + 90_000 },
        { name: 'Thợ B', before: 100_000, after: 100_000 + 270_000 },
      ],
      ineligible: [],
    });
  });

  it('leaving completed removes the commissions and takes the earnings back, never below 0', () => {
    const effect = bulkBookingStatusEffect(
      [
        { id: 'done-1', status: 'completed', originalPrice: 200_000, subcategoryId: 'svc-15', providerId: 'prov-b' },
        { id: 'done-2', status: 'completed', originalPrice: 50_000, subcategoryId: 'svc-15', providerId: 'prov-a' },
      ],
      'cancelled',
      inputs,
    );
    expect(effect.removed).toEqual({ count: 1, platformFee: 30_000, withoutCommission: 1 });
    expect(effect.earnings).toEqual([{ name: 'Thợ B', before: 100_000, after: 0 }]);
  });

  it('names the bookings the database would refuse and moves no money for the others when none is done', () => {
    const effect = bulkBookingStatusEffect(
      [
        { id: 'same', status: 'cancelled', originalPrice: 1, subcategoryId: null, providerId: null },
        { id: 'free', status: 'pending', originalPrice: 1, subcategoryId: null, providerId: null },
        { id: 'ok', status: 'pending', originalPrice: 1, subcategoryId: null, providerId: 'prov-a' },
      ],
      'cancelled',
      inputs,
    );
    expect(effect.ineligible).toEqual(['same']);
    expect(effect.created.count + effect.removed.count + effect.earnings.length).toBe(0);
    expect(bulkBookingStatusEffect([{ id: 'free', status: 'pending', originalPrice: 1, subcategoryId: null, providerId: null }], 'completed', inputs).ineligible).toEqual(['free']);
  });
});
