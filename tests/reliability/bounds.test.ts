// Bounds of the API server: a slow query is cut by the role's statement timeout and answered as a
// 5xx in PostgREST's error shape (not a hung connection); the database pool never grows past its
// size under a burst; request bodies are capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../local-stack/rest/index.ts';
import { adminSessions, apiFetch, apiUrl, sql, type AdminSession } from './helpers.ts';

let admin: AdminSession;

async function reloadSchema(): Promise<void> {
  await sql("notify pgrst, 'reload schema'");
  // The REST module reloads asynchronously: wait until the function is routable.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await apiFetch('/rest/v1/rpc/rel_sleep', {
      method: 'POST',
      token: admin.token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 0 }),
    });
    if (response.status === 200) return;
    if (Date.now() > deadline) throw new Error(`rel_sleep not routable: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [admin] = (await adminSessions(1)) as [AdminSession];
  // A test-only function, created here and dropped afterwards (RPCs must live in public).
  await sql(`create or replace function public.rel_sleep(seconds double precision) returns integer
             language sql volatile security invoker set search_path = '' as $$ select pg_sleep(seconds); select 1 $$`);
  await sql('grant execute on function public.rel_sleep(double precision) to anon, authenticated');
  await reloadSchema();
});

afterAll(async () => {
  await sql('drop function if exists public.rel_sleep(double precision)');
  await sql("notify pgrst, 'reload schema'");
});

const sleep = (seconds: number, token?: string): Promise<Response> =>
  apiFetch('/rest/v1/rpc/rel_sleep', {
    method: 'POST',
    token,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });

describe('statement timeout', () => {
  it("cuts a signed-in user's slow query at 8 s with a 500 in PostgREST's shape", async () => {
    const started = Date.now();
    const response = await sleep(30, admin.token);
    const elapsed = Date.now() - started;
    expect(response.status).toBe(500);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(elapsed).toBeGreaterThanOrEqual(7_500);
    expect(elapsed).toBeLessThan(12_000);
    // Nothing is left running in the database, and the connection went back to the pool usable.
    const [row] = await sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where query like '%pg_sleep(seconds)%' and state = 'active' and pid <> pg_backend_pid()");
    expect(row?.n).toBe(0);
    expect((await sleep(0, admin.token)).status).toBe(200);
  });

  it("cuts an anonymous caller's slow query at 3 s", async () => {
    const started = Date.now();
    const response = await sleep(30);
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(6_000);
  });
});

describe('database pool', () => {
  it('serves a burst of 60 slow requests through at most 20 connections, all answered', async () => {
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [row] = await sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = 'sdv-local-api' and backend_type = 'client backend'");
        peak = Math.max(peak, row?.n ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 60 }, () => sleep(0.5, admin.token)));
    sampling = false;
    await sampler;
    expect(responses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    // 60 × 0.5 s over 20 connections: at least three waves.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    // 20 pooled connections (plus the REST schema listener and realtime's own connections).
    const [listeners] = await sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name = 'sdv-local-api' and state = 'idle' and query ilike 'listen%'");
    expect(peak).toBeLessThanOrEqual(20 + 4 + (listeners?.n ?? 0));
    expect(peak).toBeGreaterThanOrEqual(10);
  });
});

describe('request bodies', () => {
  it('refuses a REST body over the limit with 413 PGRST102, without reading it all', async () => {
    const body = JSON.stringify([{ name: 'x'.repeat(MAX_BODY_BYTES + 10) }]);
    const response = await apiFetch('/rest/v1/categories', {
      method: 'POST',
      token: admin.token,
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('PGRST102');
  });

  it('refuses an Auth body over 64 kB with 413', async () => {
    const response = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: admin.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.vn', password: 'p'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('still answers after the refusals', async () => {
    expect((await apiFetch('/rest/v1/categories?select=id&limit=1', { token: admin.token })).status).toBe(200);
  });
});
