// A provider's 10 latest ledger rows (deposits and adjustments, docs/decisions.md#money-only-through-the-ledger),
// newest first; the whole history is the deposit history screen filtered on the provider.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export const LEDGER_PAGE = 10;

const ledgerRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  amount: z.number(),
  status: z.string(),
  old_balance: z.nullable(z.number()),
  new_balance: z.nullable(z.number()),
  note: z.nullable(z.string()),
  created_at: z.string(),
});

export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export async function fetchProviderLedger(providerId: string, signal?: AbortSignal): Promise<LedgerRow[]> {
  let request = supabase
    .from('deposit_history')
    .select('id, kind, amount, status, old_balance, new_balance, note, created_at')
    .eq('provider_id', providerId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(LEDGER_PAGE);
  if (signal) request = request.abortSignal(signal);
  return z.array(ledgerRowSchema).parse(unwrap(await request));
}

export function providerLedgerQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: providerKeys.ledger(providerId),
    queryFn: ({ signal }) => fetchProviderLedger(providerId, signal),
  });
}

export function useProviderLedger(providerId: string) {
  return useQuery(providerLedgerQueryOptions(providerId));
}
