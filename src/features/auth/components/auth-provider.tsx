// Holds the admin's session: reads the stored one with supabase.auth.getSession() (Auth refreshes
// it first when it is about to expire; a brief loading state meanwhile), verifies it with the
// server in the background (a refusal signs out), follows onAuthStateChange, signs out anyone
// without the admin claim ('Bạn không có quyền truy cập vào trang quản trị'), and goes back to the
// login screen when the session expires or is revoked (a refresh that fails, a 401 from the API, or
// a revoked session found on restore). The login screen is shown at the same URL, so the admin
// comes back to the page they were on after signing in again.
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast.tsx';
import { isNetworkError, isSessionError, toVietnameseMessage } from '@/lib/errors/errors.ts';
import { auth } from '@/lib/messages/auth.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { AuthContext, isAdminSession, type AuthContextValue, type AuthStatus } from './auth-context.ts';

interface State {
  status: AuthStatus;
  session: Session | null;
  notice: string | null;
}

const INITIAL_STATE: State = { status: 'loading', session: null, notice: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(INITIAL_STATE);
  const statusRef = useRef<AuthStatus>(state.status);
  /** Set when the app itself signs out, so the SIGNED_OUT event is not read as an expiry. */
  const intentional = useRef(false);

  const update = useCallback((next: (previous: State) => State) => {
    setState((previous) => {
      const value = next(previous);
      statusRef.current = value.status;
      return value;
    });
  }, []);

  const signOutLocally = useCallback(async () => {
    intentional.current = true;
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    // Not signed out (the server could not be reached): the screen already shows the login form,
    // and the stored session is dropped by the next sign-in or refused again by the server.
    if (error) intentional.current = false;
  }, []);

  const rejectNonAdmin = useCallback(() => {
    update(() => ({ status: 'signedOut', session: null, notice: auth.login.noAccess }));
    // Not awaited inside the auth callback (supabase-js would deadlock); runs right after.
    setTimeout(() => void signOutLocally(), 0);
  }, [signOutLocally, update]);

  const expire = useCallback(() => {
    if (statusRef.current !== 'signedIn') return;
    update(() => ({ status: 'signedOut', session: null, notice: auth.login.sessionExpired }));
    queryClient.clear();
    setTimeout(() => void signOutLocally(), 0);
  }, [queryClient, signOutLocally, update]);

  const handleSession = useCallback(
    (event: AuthChangeEvent, session: Session | null) => {
      if (session === null) {
        const wasSignedIn = statusRef.current === 'signedIn';
        const expired = event === 'SIGNED_OUT' && !intentional.current && wasSignedIn;
        intentional.current = false;
        update((previous) => ({
          status: 'signedOut',
          session: null,
          notice: expired ? auth.login.sessionExpired : previous.notice,
        }));
        if (wasSignedIn) queryClient.clear();
        return;
      }
      if (!isAdminSession(session)) {
        rejectNonAdmin();
        return;
      }
      update(() => ({ status: 'signedIn', session, notice: null }));
    },
    [queryClient, rejectNonAdmin, update],
  );

  useEffect(() => {
    let active = true;
    // The initial session is read by restore() below; later events (sign-in, refresh, sign-out,
    // second factor verified, user updated) come here.
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (!active || event === 'INITIAL_SESSION') return;
      handleSession(event, session);
    });

    async function restore() {
      const { data: current } = await supabase.auth.getSession();
      if (!active) return;
      const session = current.session;
      if (session === null) {
        update((previous) => ({ ...previous, status: 'signedOut', session: null }));
        return;
      }
      if (!isAdminSession(session)) {
        rejectNonAdmin();
        return;
      }
      // The stored session shows the back office at once; it may have been revoked on the server
      // (signed out elsewhere, password reset, user banned), so the server is asked in the
      // background and a refusal signs out. A session an event already put in place is kept as it
      // is (no new render of the whole back office).
      update((previous) =>
        previous.status === 'signedIn' && previous.session?.access_token === session.access_token ? previous : { status: 'signedIn', session, notice: null },
      );
      const { error } = await supabase.auth.getUser();
      if (!active) return;
      if (error && !isNetworkError(error) && (isSessionError(error) || error.status === 403 || error.status === 404)) {
        update(() => ({ status: 'signedOut', session: null, notice: auth.login.sessionExpired }));
        queryClient.clear();
        void signOutLocally();
      }
    }
    void restore();

    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [handleSession, queryClient, rejectNonAdmin, signOutLocally, update]);

  // Any query or mutation answered "JWT expired / invalid" means the session is gone.
  useEffect(() => {
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionError(event.action.error)) expire();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isSessionError(event.action.error)) expire();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [expire, queryClient]);

  const signOut = useCallback(async () => {
    intentional.current = true;
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error) {
      intentional.current = false;
      toast.error(toVietnameseMessage(error));
      return;
    }
    update(() => ({ status: 'signedOut', session: null, notice: null }));
    queryClient.clear();
    toast.clear();
  }, [queryClient, update]);

  const clearNotice = useCallback(() => update((previous) => ({ ...previous, notice: null })), [update]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      session: state.session,
      email: state.session?.user.email ?? '',
      notice: state.notice,
      clearNotice,
      signOut,
    }),
    [state, clearNotice, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
