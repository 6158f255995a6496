// What a booking status change does to money, said before it is written (docs/product.md#commissions):
// entering `completed` creates the commission row with the service's rate (else the settings
// default), `platform_fee = round(original_price × rate / 100)`, and adds `provider_amount` to the
// provider's earnings; leaving `completed` removes the row and takes its `provider_amount` back
// (never below 0). Other changes move no money and need no confirmation.
import type { BookingStatus } from './booking-filters.ts';

export interface BookingStatusEffectInputs {
  /** The booking's `original_price` (the commission's service price). */
  originalPrice: number;
  /** The service's own rate, null when it uses the settings default. */
  serviceRate: number | null;
  /** `settings.commission_rate`. */
  defaultRate: number;
  /** The booking's commission row, when there is one. */
  commission: { platformFee: number; providerAmount: number } | null;
  /** The assigned provider and their `total_earnings` now. */
  provider: { name: string; totalEarnings: number } | null;
}

export type BookingStatusEffect =
  | { kind: 'none' }
  | {
      kind: 'create';
      platformFee: number;
      rate: number;
      servicePrice: number;
      earnings: { name: string; before: number; after: number } | null;
    }
  | {
      kind: 'remove';
      /** null when the completed booking has no commission row. */
      platformFee: number | null;
      earnings: { name: string; before: number; after: number } | null;
    };

/** Whether changing `from` → `to` moves money, so that the admin confirms it first. */
export function statusChangeMovesMoney(from: string, to: string): boolean {
  return from !== to && (from === 'completed' || to === 'completed');
}

/** round(price × rate / 100) as numeric rounding does it (half away from zero), on whole hundredths of a percent. */
export function platformFee(price: number, rate: number): number {
  const hundredths = Math.round(rate * 100);
  return Math.round((price * hundredths) / 10_000);
}

export function bookingStatusEffect(from: string, to: BookingStatus, inputs: BookingStatusEffectInputs): BookingStatusEffect {
  if (!statusChangeMovesMoney(from, to)) return { kind: 'none' };
  if (to === 'completed') {
    const rate = inputs.serviceRate ?? inputs.defaultRate;
    const fee = platformFee(inputs.originalPrice, rate);
    const providerAmount = inputs.originalPrice - fee;
    return {
      kind: 'create',
      platformFee: fee,
      rate,
      servicePrice: inputs.originalPrice,
      earnings: inputs.provider
        ? { name: inputs.provider.name, before: inputs.provider.totalEarnings, after: inputs.provider.totalEarnings + providerAmount }
        : null,
    };
  }
  const commission = inputs.commission;
  return {
    kind: 'remove',
    platformFee: commission?.platformFee ?? null,
    earnings:
      inputs.provider && commission
        ? {
            name: inputs.provider.name,
            before: inputs.provider.totalEarnings,
            after: Math.max(inputs.provider.totalEarnings - commission.providerAmount, 0),
          }
        : null,
  };
}
