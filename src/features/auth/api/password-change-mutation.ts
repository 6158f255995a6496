// Change password (docs/decisions.md#password-change): sign in again with the current password, then set
// the new one. Validation rules sit next to the call. A two-factor (aal2) session checks the password
// on a throwaway client that stores nothing instead: signing in again on the admin's own client would
// replace it by a password-only session, whose password change Supabase Auth refuses (insufficient_aal).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { runtimeConfig } from '@/lib/supabase/config.ts';
import { auth } from '@/lib/messages/auth.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import type { ChangePasswordForm } from './change-password-schema.ts';

const t = auth.changePassword;

/** A failure whose Vietnamese message is already decided (not a Supabase error). */
export class ChangePasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangePasswordError';
  }
}

let passwordCheck: SupabaseClient | undefined;

/**
 * The throwaway client that checks the current password of a two-factor session: its session is
 * kept in memory only, never refreshed, and never touches the admin's stored one. Made once (a
 * second Auth client under the same storage key would make supabase-js warn).
 */
function passwordCheckClient(): SupabaseClient {
  passwordCheck ??= createClient(runtimeConfig.supabaseUrl, runtimeConfig.supabaseAnonKey, {
    auth: { storageKey: 'sdv-password-check', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return passwordCheck;
}

export async function changePassword(form: ChangePasswordForm): Promise<void> {
  const { data: userData } = await supabase.auth.getSession();
  const email = userData.session?.user.email;
  if (!email) throw new ChangePasswordError(t.userNotFound);

  const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (level?.currentLevel === 'aal2') {
    const check = passwordCheckClient();
    const reauth = await check.auth.signInWithPassword({ email, password: form.currentPassword });
    if (reauth.error) throw reauth.error;
    // The check's own session is ended at once; the admin's two-factor session is untouched.
    await check.auth.signOut({ scope: 'local' });
  } else {
    const reauth = await supabase.auth.signInWithPassword({ email, password: form.currentPassword });
    if (reauth.error) throw reauth.error;
  }

  const { error } = await supabase.auth.updateUser({ password: form.newPassword });
  if (error) throw error;
}
