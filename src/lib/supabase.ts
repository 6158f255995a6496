// The one Supabase client of the admin app. Only admin code imports this module (the public site
// reads through lib/public-api.ts so that supabase-js never reaches its bundle).
import { PostgrestClient } from '@supabase/postgrest-js';
import { SupabaseClient as BaseSupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '@/types/database.ts';
import { runtimeConfig } from './config.ts';

/** localStorage key of the admin session (fixed so tests can prepare a signed-in state). */
export const AUTH_STORAGE_KEY = 'sdv-admin-auth';

/**
 * supabase-js with postgrest-js's own retries switched off: it retries a failed read three times
 * (1 s, 2 s, 4 s) inside each attempt of React Query, which retries too, so a screen spun ~26 s
 * before showing its error. React Query alone decides retries (lib/query-client.ts).
 */
class AdminSupabaseClient extends BaseSupabaseClient<Database> {
  constructor(url: string, key: string, options: SupabaseClientOptions<'public'>) {
    super(url, key, options);
    this.rest = new PostgrestClient<Database>(new URL('rest/v1', url.endsWith('/') ? url : `${url}/`).href, {
      headers: this.headers,
      schema: 'public',
      fetch: this.fetch,
      retry: false,
    });
  }
}

export const supabase = new AdminSupabaseClient(runtimeConfig.supabaseUrl, runtimeConfig.supabaseAnonKey, {
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
  },
});

export type SupabaseClient = typeof supabase;
