import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL, resolveRuntimeConfig } from './config.ts';
import { loadConfig } from '../../../local-stack/config.ts';

describe('resolveRuntimeConfig', () => {
  it('prefers the config injected by the static server', () => {
    expect(
      resolveRuntimeConfig({ supabaseUrl: 'http://127.0.0.1:55321/', supabaseAnonKey: 'k1' }, { VITE_SUPABASE_URL: 'http://x', VITE_SUPABASE_ANON_KEY: 'k2' }),
    ).toEqual({ supabaseUrl: 'http://127.0.0.1:55321', supabaseAnonKey: 'k1' });
  });
  it('then the Vite environment, then the local defaults', () => {
    expect(resolveRuntimeConfig(undefined, { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k2' })).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'k2',
    });
    expect(resolveRuntimeConfig({ supabaseUrl: '  ' }, {})).toEqual({ supabaseUrl: LOCAL_SUPABASE_URL, supabaseAnonKey: LOCAL_ANON_KEY });
  });
  it('the local defaults are those of the local stack', () => {
    const stack = loadConfig({});
    expect(LOCAL_SUPABASE_URL).toBe(stack.apiUrl);
    expect(LOCAL_ANON_KEY).toBe(stack.anonKey);
  });
});
