// The assurance level of the current session (supabase.auth.mfa.getAuthenticatorAssuranceLevel),
// keyed by the access token so that a new session is read again. The session the auth provider
// holds gives the first answer synchronously, worked out as Auth does without a token argument —
// the session token's aal claim, and aal2 next when the user has a verified factor — so that the
// gate renders the back office at once. The server checks the level of every request anyway.
import type { Session } from '@supabase/supabase-js';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/supabase.ts';
import { mfaKeys } from './mfa-keys.ts';

export interface Assurance {
  currentLevel: string | null;
  nextLevel: string | null;
}

/** What the session still needs: the sign-in code (a verified factor exists), or nothing. */
export function needsCode(assurance: Assurance): boolean {
  return assurance.currentLevel !== 'aal2' && assurance.nextLevel === 'aal2';
}

/** The payload of a JWT (its middle part, base64url-encoded JSON); null when it is not one. */
export function tokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (part === undefined) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The session's level (its token's aal claim) and the level it can reach (aal2 with a verified factor). */
export function assuranceOf(session: Pick<Session, 'access_token' | 'user'> | null): Assurance {
  if (session === null) return { currentLevel: null, nextLevel: null };
  const aal = tokenPayload(session.access_token)?.aal;
  const currentLevel = typeof aal === 'string' ? aal : null;
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return { currentLevel, nextLevel: verified ? 'aal2' : currentLevel };
}

/** The session whose level is asked for: the one the auth provider holds. */
type HeldSession = Pick<Session, 'access_token' | 'user'> | null;

export function assuranceQueryOptions(session: HeldSession) {
  return queryOptions({
    queryKey: mfaKeys.assurance(session?.access_token ?? ''),
    queryFn: async (): Promise<Assurance> => {
      const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      if (error) throw error;
      return { currentLevel: data.currentLevel, nextLevel: data.nextLevel };
    },
    // The session at hand gives the same answer at once: the gate shows the screen in its first
    // render, instead of a loading state first and the screen one render (and one timer) later.
    // Invalidating the key (after a factor is verified or removed) reads the session again.
    initialData: session === null ? undefined : () => assuranceOf(session),
    staleTime: Infinity,
    // A refreshed or re-signed-in session keeps the previous answer until the new one is read, so
    // the back office is not unmounted (and its pages' state lost) at every new token.
    placeholderData: keepPreviousData,
  });
}

export function useAssurance(session: HeldSession) {
  return useQuery(assuranceQueryOptions(session));
}
