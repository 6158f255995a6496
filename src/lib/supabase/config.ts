// Where the SPA finds its backend. Order: the config the local static server injects into
// index.html (window.__SDV_CONFIG__), then Vite env (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY),
// then the local stack's defaults (same as the Supabase CLI's demo keys).

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

declare global {
  interface Window {
    __SDV_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function resolveRuntimeConfig(
  injected: Partial<RuntimeConfig> | undefined,
  env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string },
): RuntimeConfig {
  const supabaseUrl =
    nonEmpty(injected?.supabaseUrl) ?? nonEmpty(env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL;
  const supabaseAnonKey =
    nonEmpty(injected?.supabaseAnonKey) ?? nonEmpty(env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY;
  return { supabaseUrl: supabaseUrl.replace(/\/+$/, ''), supabaseAnonKey };
}

export const runtimeConfig: RuntimeConfig = resolveRuntimeConfig(
  typeof window === 'undefined' ? undefined : window.__SDV_CONFIG__,
  {
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL as string | undefined,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined,
  },
);
