// @vitest-environment jsdom
// A full load's prefetch: the screen's first requests leave at once, a list's next page only once
// the browser is idle after their answers (its answer must not come between the first answers and
// their rows).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@/lib/supabase.ts';

function storeAdminSession(): void {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: 'header.payload.signature',
      refresh_token: 'refresh',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      user: { id: 'u1', app_metadata: { admin: true } },
    }),
  );
}

/** Every request sent, as "METHOD path body"; answered at once with an empty list. */
function recordRequests(): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    sent.push(`${init?.method ?? 'GET'} ${url.pathname} ${typeof init?.body === 'string' ? init.body : ''}`.trim());
    return Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  return sent;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('prefetchAdminUrl', () => {
  it("asks for a list's next page only once the browser is idle after the first answers", async () => {
    storeAdminSession();
    const sent = recordRequests();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { prefetchAdminUrl } = await import('./admin-prefetch.ts');

    const prefetched = await prefetchAdminUrl(new URL('http://localhost/admin/bookings'));
    await prefetched?.answered;
    await flush();
    expect(sent).toContain('POST /rest/v1/rpc/admin_list_bookings {"p_limit":50,"p_offset":0}');
    expect(sent.filter((request) => request.includes('"p_offset":50'))).toEqual([]);

    expect(idle).toHaveLength(1);
    idle[0]?.();
    await flush();
    expect(sent).toContain('POST /rest/v1/rpc/admin_list_bookings {"p_limit":50,"p_offset":50}');
  });

  it('sends nothing without a stored admin session', async () => {
    const sent = recordRequests();
    const { prefetchAdminUrl } = await import('./admin-prefetch.ts');
    expect(await prefetchAdminUrl(new URL('http://localhost/admin/bookings'))).toBeUndefined();
    await flush();
    expect(sent).toEqual([]);
  });
});
