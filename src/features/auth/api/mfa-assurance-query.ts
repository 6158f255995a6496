// The assurance level of the current session (supabase.auth.mfa.getAuthenticatorAssuranceLevel,
// read from the stored session: its token's aal claim and the user's verified factors), keyed by
// the access token so that a new session is read again.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';
import { mfaKeys } from './mfa-keys.ts';

export interface Assurance {
  currentLevel: string | null;
  nextLevel: string | null;
}

/** What the session still needs: the sign-in code (a verified factor exists), or nothing. */
export function needsCode(assurance: Assurance): boolean {
  return assurance.currentLevel !== 'aal2' && assurance.nextLevel === 'aal2';
}

export function assuranceQueryOptions(accessToken: string) {
  return queryOptions({
    queryKey: mfaKeys.assurance(accessToken),
    queryFn: async (): Promise<Assurance> => {
      const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      if (error) throw error;
      return { currentLevel: data.currentLevel, nextLevel: data.nextLevel };
    },
    staleTime: Infinity,
    // A refreshed or re-signed-in session keeps the previous answer until the new one is read, so
    // the back office is not unmounted (and its pages' state lost) at every new token.
    placeholderData: keepPreviousData,
  });
}

export function useAssurance(accessToken: string) {
  return useQuery(assuranceQueryOptions(accessToken));
}
