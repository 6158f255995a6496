// Reads what depositStatusEffect needs, fresh, when the admin picks a new status: the provider's
// balance, name and status now, and the minimum deposit of the settings.
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { DepositStatusEffectInputs } from './deposit-status-effect.ts';
import type { DepositRow } from './deposit-types.ts';

const providerSchema = z.object({ name: z.string(), deposit: z.number(), status: z.string() });
const settingsSchema = z.object({ min_deposit_amount: z.number() });

export async function fetchDepositStatusEffectInputs(row: DepositRow): Promise<DepositStatusEffectInputs & { providerName: string }> {
  const [provider, settings] = await Promise.all([
    supabase.from('profiles').select('name, deposit, status').eq('id', row.provider_id).single().then(unwrap),
    supabase.from('settings').select('min_deposit_amount').eq('id', 'app').maybeSingle().then(unwrap),
  ]);
  const person = providerSchema.parse(provider);
  return {
    amount: row.amount,
    balance: person.deposit,
    providerStatus: person.status,
    providerName: person.name,
    minDeposit: settings === null ? 0 : settingsSchema.parse(settings).min_deposit_amount,
  };
}
