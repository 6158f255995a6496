// Reads, fresh and in five requests whatever the batch's size, what the summed money preview of a
// bulk booking status change needs (booking-bulk-effect.ts): the selected bookings (status, price,
// service, provider and the updated_at the change is then compared with), their services' rates,
// the settings default, their commission rows and their providers' earnings.
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { BulkBookingEffectInputs, BulkBookingRow } from './booking-bulk-effect.ts';

const bookingSchema = z.object({
  id: z.string(),
  status: z.string(),
  original_price: z.number(),
  subcategory_id: z.nullable(z.string()),
  provider_id: z.nullable(z.string()),
  updated_at: z.string(),
});
const rateSchema = z.object({ id: z.string(), commission_rate: z.nullable(z.coerce.number()) });
const defaultRateSchema = z.object({ commission_rate: z.nullable(z.coerce.number()) });
const commissionSchema = z.object({ booking_id: z.string(), platform_fee: z.number(), provider_amount: z.number() });
const providerSchema = z.object({ id: z.string(), name: z.string(), total_earnings: z.number() });

export interface BulkBookingFresh {
  /** The selected bookings as they are now, with the version the change is compared with. */
  rows: (BulkBookingRow & { updatedAt: string })[];
  inputs: BulkBookingEffectInputs;
}

function distinct(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

export async function fetchBulkBookingEffect(ids: readonly string[]): Promise<BulkBookingFresh> {
  const bookings = z
    .array(bookingSchema)
    .parse(unwrap(await supabase.from('bookings').select('id, status, original_price, subcategory_id, provider_id, updated_at').in('id', [...ids])));
  const serviceIds = distinct(bookings.map((row) => row.subcategory_id));
  const providerIds = distinct(bookings.map((row) => row.provider_id));
  const [rates, settings, commissions, providers] = await Promise.all([
    serviceIds.length > 0 ? supabase.from('subcategories').select('id, commission_rate').in('id', serviceIds).then(unwrap) : Promise.resolve([]),
    supabase.from('settings').select('commission_rate').eq('id', 'app').maybeSingle().then(unwrap),
    supabase.from('commissions').select('booking_id, platform_fee, provider_amount').in('booking_id', [...ids]).then(unwrap),
    providerIds.length > 0 ? supabase.from('profiles').select('id, name, total_earnings').in('id', providerIds).then(unwrap) : Promise.resolve([]),
  ]);
  return {
    rows: bookings.map((row) => ({
      id: row.id,
      status: row.status,
      originalPrice: row.original_price,
      subcategoryId: row.subcategory_id,
      providerId: row.provider_id,
      updatedAt: row.updated_at,
    })),
    inputs: {
      serviceRates: new Map(z.array(rateSchema).parse(rates).map((row) => [row.id, row.commission_rate])),
      defaultRate: settings === null ? 10 : (defaultRateSchema.parse(settings).commission_rate ?? 10),
      commissions: new Map(
        z
          .array(commissionSchema)
          .parse(commissions)
          .map((row) => [row.booking_id, { platformFee: row.platform_fee, providerAmount: row.provider_amount }]),
      ),
      providers: new Map(z.array(providerSchema).parse(providers).map((row) => [row.id, { name: row.name, totalEarnings: row.total_earnings }])),
    },
  };
}
