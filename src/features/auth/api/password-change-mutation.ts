// Change password (docs/decisions.md#password-change): re-authenticate with the current password, then set the
// new one. Validation rules sit next to the call.
import { auth } from '@/lib/messages/auth.ts';
import { supabase } from '@/lib/supabase.ts';
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
  const { data: userData } = await supabase.auth.getSession();
  const email = userData.session?.user.email;
  if (!email) throw new ChangePasswordError(t.userNotFound);

  const reauth = await supabase.auth.signInWithPassword({ email, password: form.currentPassword });
  if (reauth.error) throw reauth.error;

  const { error } = await supabase.auth.updateUser({ password: form.newPassword });
  if (error) throw error;
}
