// Reads what bookingStatusEffect needs, fresh, when the admin picks a status that moves money:
// the service's rate, the settings default, the booking's commission row and the provider's
// earnings now.
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { BookingRecord } from './booking-query.ts';
import type { BookingStatusEffectInputs } from './booking-status-effect.ts';

const rateSchema = z.object({ commission_rate: z.nullable(z.coerce.number()) });
const commissionSchema = z.object({ platform_fee: z.number(), provider_amount: z.number() });
const providerSchema = z.object({ name: z.string(), total_earnings: z.number() });

export async function fetchBookingStatusEffectInputs(booking: BookingRecord): Promise<BookingStatusEffectInputs> {
  const [service, settings, commission, provider] = await Promise.all([
    booking.subcategory_id
      ? supabase.from('subcategories').select('commission_rate').eq('id', booking.subcategory_id).maybeSingle().then(unwrap)
      : Promise.resolve(null),
    supabase.from('settings').select('commission_rate').eq('id', 'app').maybeSingle().then(unwrap),
    supabase.from('commissions').select('platform_fee, provider_amount').eq('booking_id', booking.id).maybeSingle().then(unwrap),
    booking.provider_id
      ? supabase.from('profiles').select('name, total_earnings').eq('id', booking.provider_id).maybeSingle().then(unwrap)
      : Promise.resolve(null),
  ]);
  const row = commission === null ? null : commissionSchema.parse(commission);
  const person = provider === null ? null : providerSchema.parse(provider);
  return {
    originalPrice: booking.original_price,
    serviceRate: service === null ? null : rateSchema.parse(service).commission_rate,
    defaultRate: settings === null ? 10 : (rateSchema.parse(settings).commission_rate ?? 10),
    commission: row && { platformFee: row.platform_fee, providerAmount: row.provider_amount },
    provider: person && { name: person.name, totalEarnings: person.total_earnings },
  };
}
