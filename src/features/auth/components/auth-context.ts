import type { Session } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthContextValue {
  status: AuthStatus;
  session: Session | null;
  /** Email of the signed-in admin ('' when signed out). */
  email: string;
  /** A message for the login screen: no admin access, or session expired / revoked. */
  notice: string | null;
  clearNotice: () => void;
  /** Signs this browser out (the current session only). */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth() must be used inside <AuthProvider>');
  return value;
}

/** The admin claim (docs/decisions.md#platform-mapping): app_metadata.admin === true in the token. */
export function isAdminSession(session: Pick<Session, 'user'> | null | undefined): boolean {
  const metadata: unknown = session?.user.app_metadata;
  return typeof metadata === 'object' && metadata !== null && (metadata as { admin?: unknown }).admin === true;
}
