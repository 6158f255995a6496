import { supabase } from '@/lib/supabase/supabase.ts';
import type { LoginForm } from './login-schema.ts';

/**
 * Signs in with email and password. Errors are thrown as supabase-js AuthErrors (mapped to
 * Vietnamese by toVietnameseMessage(error, { action: 'login' })). The admin-claim check is done by
 * AuthProvider for every session, however it was obtained.
 */
export async function signIn({ email, password }: LoginForm): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
}
