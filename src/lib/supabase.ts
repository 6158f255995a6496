// The one Supabase client of the admin app, created with supabase-js's createClient as Supabase's
// documentation shows. Only admin code imports this module (the public site reads through
// lib/public-api.ts so that supabase-js never reaches its bundle).
//
// Retries: React Query alone should decide them (lib/query-client.ts). postgrest-js retries an
// idempotent read (GET / HEAD) itself after a network error or a 503 / 520, three times (1 s, 2 s,
// 4 s), unless the client or the request says `retry: false`. createClient does not pass that
// option on: its `db` options are `schema`, `timeout` and `urlLengthLimit` only (supabase-js
// 2.109), and `global` only adds headers or replaces fetch. So the client keeps postgrest-js's
// retries for `supabase.from(…).select(…)` reads; RPCs are POST and are not retried. A read that
// must fail fast can say `.retry(false)`, postgrest-js's own modifier.
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
});
