// @vitest-environment jsdom
// The admin client: supabase-js's createClient with the admin's storage key. What the back office
// relies on is checked on the requests it sends: `apikey` is always the anon key, `Authorization`
// carries the stored session's token under AUTH_STORAGE_KEY, else the anon key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from './config.ts';
import { AUTH_STORAGE_KEY, supabase } from './supabase.ts';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
}

let sent: Sent[] = [];

/** A token shaped like a JWT (Auth decodes the payload of the tokens it is handed). */
function token(subject: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, role: 'authenticated', aal: 'aal1', exp: expiresAt })}.signature`;
}

function session(accessToken: string) {
  return {
    access_token: accessToken,
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: 'u1', aud: 'authenticated', email: 'admin@sandichvu.vn', app_metadata: { admin: true }, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' },
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers Auth's password sign-in with `signedIn`, and every PostgREST read with an empty list. */
function stubFetch(signedIn?: ReturnType<typeof session>) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    if (url.includes('/auth/v1/token') && signedIn) return Promise.resolve(json(signedIn));
    return Promise.resolve(json([]));
  });
}

async function readSettings(): Promise<Sent> {
  const before = sent.length;
  const { error } = await supabase.from('settings').select('id');
  expect(error).toBeNull();
  const request = sent.slice(before).find((entry) => entry.url.includes('/rest/v1/settings'));
  if (!request) throw new Error('no request reached /rest/v1/settings');
  return request;
}

beforeEach(() => {
  sent = [];
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the admin Supabase client', () => {
  it('keeps the session under the admin’s storage key', () => {
    expect(AUTH_STORAGE_KEY).toBe('sdv-admin-auth');
  });

  it('sends the anon key as apikey and as bearer when nobody is signed in', async () => {
    stubFetch();
    const request = await readSettings();
    expect(request.url).toBe(`${runtimeConfig.supabaseUrl}/rest/v1/settings?select=id`);
    expect(request.headers.get('apikey')).toBe(runtimeConfig.supabaseAnonKey);
    expect(request.headers.get('Authorization')).toBe(`Bearer ${runtimeConfig.supabaseAnonKey}`);
  });

  it('sends the token of the session stored under AUTH_STORAGE_KEY', async () => {
    stubFetch();
    const stored = token('stored-admin');
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session(stored)));
    const request = await readSettings();
    expect(request.headers.get('Authorization')).toBe(`Bearer ${stored}`);
    expect(request.headers.get('apikey')).toBe(runtimeConfig.supabaseAnonKey);
  });

  it('ignores a session stored under another key (supabase-js’s default sb-…-auth-token)', async () => {
    stubFetch();
    localStorage.setItem('sb-127-auth-token', JSON.stringify(session(token('someone-else'))));
    const request = await readSettings();
    expect(request.headers.get('Authorization')).toBe(`Bearer ${runtimeConfig.supabaseAnonKey}`);
  });

  it('stores a password sign-in under AUTH_STORAGE_KEY and sends its token from then on', async () => {
    const fresh = token('signed-in-admin');
    stubFetch(session(fresh));
    const { error } = await supabase.auth.signInWithPassword({ email: 'admin@sandichvu.vn', password: 'Admin@123456' });
    expect(error).toBeNull();
    const signIn = sent.find((entry) => entry.url.includes('/auth/v1/token'));
    expect(signIn?.url).toBe(`${runtimeConfig.supabaseUrl}/auth/v1/token?grant_type=password`);
    expect(signIn?.headers.get('apikey')).toBe(runtimeConfig.supabaseAnonKey);
    expect((JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { access_token?: string }).access_token).toBe(fresh);
    const request = await readSettings();
    expect(request.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });
});
