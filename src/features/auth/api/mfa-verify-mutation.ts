// Verifies a code of an authenticator app (supabase.auth.mfa.challengeAndVerify): at enrolment it
// turns the factor on; at sign-in it steps the session up to aal2. Either way supabase-js stores the
// new aal2 session and reports MFA_CHALLENGE_VERIFIED, which the auth provider takes over.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/supabase.ts';
import { mfaKeys } from './mfa-keys.ts';

export async function verifyTotp({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw error;
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}
