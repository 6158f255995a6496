// Change password (docs/decisions.md#password-change): sign in again with the current password, then set
// the new one. Validation rules sit next to the call. A two-factor (aal2) session checks the password
// on a throwaway client that stores nothing instead: signing in again on the admin's own client would
// replace it by a password-only session, whose password change Supabase Auth refuses (insufficient_aal).
import { runtimeConfig } from '@/lib/config.ts';
import { auth } from '@/lib/messages/auth.ts';
import { createAuthClient, supabase } from '@/lib/supabase.ts';
import type { ChangePasswordForm } from './change-password-schema.ts';

const t = auth.changePassword;

/** A failure whose Vietnamese message is already decided (not a Supabase error). */
export class ChangePasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangePasswordError';
  }
}

export async function changePassword(form: ChangePasswordForm): Promise<void> {
  const auth = await supabase.auth();
  const { data: userData } = await auth.getSession();
  const email = userData.session?.user.email;
  if (!email) throw new ChangePasswordError(t.userNotFound);

  const { data: level } = await auth.mfa.getAuthenticatorAssuranceLevel();
  if (level?.currentLevel === 'aal2') {
    const check = await createAuthClient(runtimeConfig.supabaseUrl, runtimeConfig.supabaseAnonKey, { persistSession: false, storageKey: 'sdv-password-check' });
    const reauth = await check.signInWithPassword({ email, password: form.currentPassword });
    if (reauth.error) throw reauth.error;
    // The check's own session is ended at once; the admin's two-factor session is untouched.
    await check.signOut({ scope: 'local' });
  } else {
    const reauth = await auth.signInWithPassword({ email, password: form.currentPassword });
    if (reauth.error) throw reauth.error;
  }

  const { error } = await auth.updateUser({ password: form.newPassword });
  if (error) throw error;
}
