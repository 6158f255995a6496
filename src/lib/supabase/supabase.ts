// The one Supabase client of the admin app, created with supabase-js's createClient as Supabase's
// documentation shows. Only admin code imports this module (the public site reads through
// lib/supabase/public-api.ts so that supabase-js never reaches its bundle).
//
// Retries: React Query alone decides them (lib/query/query-client.ts). postgrest-js would otherwise retry
// an idempotent read itself after a network error or a 503 / 520, three times (1 s, 2 s, 4 s),
// inside each of React Query's attempts, so a screen spun for many seconds before showing its
// error; `db.retry: false` turns that off for every request of this client.
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
    // The back office signs in with a password only: nothing to read from the address.
    detectSessionInUrl: false,
  },
  db: { retry: false },
});
