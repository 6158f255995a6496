// What a bulk booking status change does to money, summed over the selected bookings
// (docs/screens.md#bulk-actions): each booking's effect is the single change's
// (booking-status-effect.ts), the commissions created and removed are added up, and each provider's
// earnings are followed through their bookings of the batch (before → after, never below 0).
// Bookings already in the target status, or without a provider for a done status, are not
// eligible: the database would refuse the batch (supabase/schemas/33_admin_bulk.sql).
import type { BookingStatus } from './booking-filters.ts';
import { bookingStatusEffect } from './booking-status-effect.ts';

export interface BulkBookingRow {
  id: string;
  status: string;
  originalPrice: number;
  subcategoryId: string | null;
  providerId: string | null;
}

export interface BulkBookingEffectInputs {
  /** Each service's own rate (null: the settings default). */
  serviceRates: ReadonlyMap<string, number | null>;
  defaultRate: number;
  /** Commission rows of the selected bookings, by booking id. */
  commissions: ReadonlyMap<string, { platformFee: number; providerAmount: number }>;
  /** The providers of the selected bookings and their earnings now. */
  providers: ReadonlyMap<string, { name: string; totalEarnings: number }>;
}

export interface BulkBookingStatusEffect {
  /** How many selected bookings are in each status now (in the order met). */
  from: { status: string; count: number }[];
  created: { count: number; platformFee: number; servicePrice: number };
  removed: { count: number; platformFee: number; withoutCommission: number };
  earnings: { name: string; before: number; after: number }[];
  /** Ids the database would refuse. */
  ineligible: string[];
}

const DONE_STATUSES: readonly string[] = ['pending_completion', 'completed'];

export function bulkBookingStatusEffect(rows: readonly BulkBookingRow[], to: BookingStatus, inputs: BulkBookingEffectInputs): BulkBookingStatusEffect {
  const from = new Map<string, number>();
  const created = { count: 0, platformFee: 0, servicePrice: 0 };
  const removed = { count: 0, platformFee: 0, withoutCommission: 0 };
  const earnings = new Map<string, { name: string; before: number; after: number }>();
  const ineligible: string[] = [];

  for (const row of rows) {
    if (row.status === to || (DONE_STATUSES.includes(to) && row.providerId === null)) {
      ineligible.push(row.id);
      continue;
    }
    from.set(row.status, (from.get(row.status) ?? 0) + 1);
    const provider = row.providerId === null ? undefined : inputs.providers.get(row.providerId);
    const running = row.providerId === null ? undefined : earnings.get(row.providerId);
    const effect = bookingStatusEffect(row.status, to, {
      originalPrice: row.originalPrice,
      serviceRate: row.subcategoryId === null ? null : (inputs.serviceRates.get(row.subcategoryId) ?? null),
      defaultRate: inputs.defaultRate,
      commission: inputs.commissions.get(row.id) ?? null,
      // The provider's earnings as the earlier bookings of the batch leave them.
      provider: provider ? { name: provider.name, totalEarnings: running?.after ?? provider.totalEarnings } : null,
    });
    if (effect.kind === 'create') {
      created.count += 1;
      created.platformFee += effect.platformFee;
      created.servicePrice += effect.servicePrice;
    } else if (effect.kind === 'remove') {
      if (effect.platformFee === null) removed.withoutCommission += 1;
      else {
        removed.count += 1;
        removed.platformFee += effect.platformFee;
      }
    }
    if (effect.kind !== 'none' && effect.earnings && row.providerId !== null) {
      earnings.set(row.providerId, { name: effect.earnings.name, before: running?.before ?? effect.earnings.before, after: effect.earnings.after });
    }
  }
  return {
    from: [...from].map(([status, count]) => ({ status, count })),
    created,
    removed,
    earnings: [...earnings.values()],
    ineligible,
  };
}
