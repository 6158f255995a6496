// A manual balance adjustment through admin_adjust_balance (one ledger row, the balance moved by
// the database in the same transaction); the provider's page reloads its balance and history.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export interface AdjustBalanceInput {
  providerId: string;
  amount: number;
  reason: string;
}

const adjustmentSchema = z.object({ id: z.string(), amount: z.number(), new_balance: z.number() });

export type Adjustment = z.infer<typeof adjustmentSchema>;

export async function adjustBalance(input: AdjustBalanceInput): Promise<Adjustment> {
  const row = unwrap(
    await supabase.rpc('admin_adjust_balance', { p_provider_id: input.providerId, p_amount: input.amount, p_reason: input.reason }),
  );
  return adjustmentSchema.parse(row);
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.detail(input.providerId) }),
        queryClient.invalidateQueries({ queryKey: providerKeys.lists() }),
      ]),
  });
}
