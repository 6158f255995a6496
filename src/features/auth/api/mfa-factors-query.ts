// The signed-in admin's authenticator apps (supabase.auth.mfa.listFactors: the user's factors,
// verified or not), oldest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { supabase } from '@/lib/supabase/supabase.ts';
import { mfaKeys } from './mfa-keys.ts';

export const factorSchema = z.object({
  id: z.string(),
  friendly_name: z.nullish(z.string()),
  factor_type: z.string(),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
});

export type Factor = z.infer<typeof factorSchema>;

export async function fetchFactors(): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return z
    .array(factorSchema)
    .parse(data.all)
    .filter((factor) => factor.factor_type === 'totp');
}

export function factorsQueryOptions() {
  return queryOptions({ queryKey: mfaKeys.factors(), queryFn: fetchFactors });
}

export function useFactors() {
  return useQuery(factorsQueryOptions());
}
