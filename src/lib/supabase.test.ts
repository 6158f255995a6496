// @vitest-environment jsdom
// The admin's first requests read the stored session themselves, as Auth would hand it out, until
// Auth's code has loaded; a session Auth would refresh first is left to Auth.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminSupabaseClient, readStoredSession, SESSION_EXPIRY_MARGIN_MS } from './supabase.ts';

const NOW = Date.UTC(2026, 10, 27, 8, 0, 0);
const KEY = 'sdv-test-auth';

function storedSession(expiresInMs: number) {
  return {
    access_token: 'header.payload.signature',
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor((NOW + expiresInMs) / 1000),
    user: { id: 'u1', email: 'admin@sandichvu.vn', app_metadata: { admin: true } },
  };
}

function storage(value: unknown): Pick<Storage, 'getItem'> {
  return { getItem: (key) => (key === KEY ? (typeof value === 'string' ? value : JSON.stringify(value)) : null) };
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('readStoredSession', () => {
  it('hands out a stored session that expires later than Auth’s margin', () => {
    expect(readStoredSession(storage(storedSession(SESSION_EXPIRY_MARGIN_MS + 1000)), KEY, NOW)?.access_token).toBe('header.payload.signature');
  });

  it('leaves to Auth a session inside the margin or already expired', () => {
    expect(readStoredSession(storage(storedSession(SESSION_EXPIRY_MARGIN_MS - 1000)), KEY, NOW)).toBeNull();
    expect(readStoredSession(storage(storedSession(-60_000)), KEY, NOW)).toBeNull();
  });

  it('returns null for nothing stored, unreadable JSON or another shape', () => {
    expect(readStoredSession(storage(null), 'another-key', NOW)).toBeNull();
    expect(readStoredSession(storage('{not json'), KEY, NOW)).toBeNull();
    expect(readStoredSession(storage({ access_token: 'a', expires_at: NOW / 1000 + 3600 }), KEY, NOW)).toBeNull();
    expect(readStoredSession(storage({ ...storedSession(3_600_000), user: null }), KEY, NOW)).toBeNull();
    expect(readStoredSession(storage({ ...storedSession(3_600_000), expires_at: 'later' }), KEY, NOW)).toBeNull();
    expect(readStoredSession(undefined, KEY, NOW)).toBeNull();
  });
});

describe('AdminSupabaseClient before Auth has loaded', () => {
  it('sends the stored session’s token with its first request, without loading Auth', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    localStorage.setItem(KEY, JSON.stringify(storedSession(3_600_000)));
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    });
    const client = new AdminSupabaseClient('http://127.0.0.1:54321', 'anon-key', { storageKey: KEY, persistSession: true });
    const auth = vi.spyOn(client, 'auth');
    await client.from('settings').select('id');
    expect(sent[0]?.get('Authorization')).toBe('Bearer header.payload.signature');
    expect(sent[0]?.get('apikey')).toBe('anon-key');
    expect(auth).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('uses no stored session for a client that keeps none', () => {
    localStorage.setItem(KEY, JSON.stringify(storedSession(3_600_000)));
    const client = new AdminSupabaseClient('http://127.0.0.1:54321', 'anon-key', { storageKey: KEY, persistSession: false });
    expect(client.storedSession()).toBeNull();
  });
});
