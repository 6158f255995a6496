// The one Supabase client of the admin app. Only admin code imports this module (the public site
// reads through lib/public-api.ts so that supabase-js never reaches its bundle).
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database.ts';
import { runtimeConfig } from './config.ts';

/** localStorage key of the admin session (fixed so tests can prepare a signed-in state). */
export const AUTH_STORAGE_KEY = 'sdv-admin-auth';

export const supabase = createClient<Database>(runtimeConfig.supabaseUrl, runtimeConfig.supabaseAnonKey, {
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
  },
});

export type SupabaseClient = typeof supabase;
