// Fair share and request cost of /rest/v1 (local-stack/rest/README.md, "Fair share and request cost"):
// - the cost limit of config.toml (on every stack, the test stack included): too many embeds, too
//   deep, too wide → 400 SDV003 in PostgREST's shape, decided before the database is asked;
// - an API server of its own with small per-caller limits: a caller over its in-flight bound or its
//   rate gets 429 SDV001 / SDV002 with Retry-After while other callers are served;
// - an API server with config.toml's own limits: a visitor's and a signed-in user's normal use is never refused.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import { ROOT_DIR } from '../../local-stack/config.ts';
import { signJwt } from '../../local-stack/jwt.ts';
import { anonKey, apiFetch, dbUrl, serviceRoleKey, sql } from './helpers.ts';
import { freePorts } from './free-ports.ts';

/** The per-caller limits of the small server (the rest of config.toml as in the repository). */
const SMALL = { max_requests_in_flight: 3, max_connections: 1, burst: 8, requests_per_second: 0.25 };

let dataDir: string;
let small: ApiProcess;
let standard: ApiProcess;

async function startApi(extra: Record<string, string>): Promise<ApiProcess> {
  const [apiPort, mailPort] = (await freePorts(2)) as [number, number];
  return spawnApi({
    DATABASE_URL: dbUrl(),
    API_PORT: String(apiPort),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: path.join(dataDir, String(apiPort)),
    SDV_PROFILE: 'test',
    // config.toml's per-caller limits, not the test profile's relaxed ones.
    SDV_REST_FAIR_SHARE: 'config',
    ...extra,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdv-rest-limits-'));
  let config = await readFile(path.join(ROOT_DIR, 'supabase', 'config.toml'), 'utf8');
  for (const [key, value] of Object.entries(SMALL)) {
    const line = new RegExp(`^${key} = .*$`, 'm');
    expect(config).toMatch(line);
    config = config.replace(line, `${key} = ${value}`);
  }
  const configFile = path.join(dataDir, 'config.toml');
  await writeFile(configFile, config, 'utf8');
  // A slow function (created before the servers start, so their schema caches know it).
  await sql(`create or replace function public.limits_sleep(seconds double precision) returns integer
             language sql volatile security invoker set search_path = '' as $$ select pg_sleep(seconds); select 1 $$`);
  await sql('grant execute on function public.limits_sleep(double precision) to anon, authenticated');
  [small, standard] = await Promise.all([startApi({ SDV_SUPABASE_CONFIG: configFile }), startApi({})]);
  // Open some pooled connections first (the service role is not limited per caller), so that no
  // timing below includes a connection's start.
  for (const api of [small, standard]) {
    const warm = await Promise.all(Array.from({ length: 6 }, () => rest(api, 'categories?select=id', { token: serviceRoleKey() })));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  }
});

afterAll(async () => {
  await Promise.all([small?.stop(), standard?.stop()]);
  await sql('drop function if exists public.limits_sleep(double precision)');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A signed-in customer's token (a `sub` of its own: one identity). */
async function customerToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, app_metadata: {}, user_metadata: {} }, inject('jwtSecret'));
}

function rest(api: ApiProcess, pathAndQuery: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', anonKey());
  headers.set('Authorization', `Bearer ${init.token ?? anonKey()}`);
  return fetch(`${api.url}/rest/v1/${pathAndQuery}`, { ...init, headers });
}

const slow = (api: ApiProcess, token: string, seconds: number): Promise<Response> =>
  rest(api, 'rpc/limits_sleep', { method: 'POST', token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seconds }) });

async function errorBody(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  return body;
}

describe('request cost limit (config.toml: 10 embeds, nesting 3, 200 columns)', () => {
  it('refuses eleven embeds with 400 SDV003 before the database sees the request', async () => {
    const embeds = Array.from({ length: 11 }, (_, i) => `e${i}:subcategories(id)`).join(',');
    // The filter value is no uuid: had the database run the statement, it would answer 22P02.
    const response = await apiFetch(`/rest/v1/categories?select=id,${embeds}&id=eq.not-a-uuid`);
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body).toMatchObject({ code: 'SDV003', message: 'Request too costly' });
    expect(body.details).toContain('11 embedded resources (at most 10)');
    expect(body.hint).toEqual(expect.any(String));
    const ten = Array.from({ length: 10 }, (_, i) => `e${i}:subcategories(id)`).join(',');
    // Ten embeds are allowed: that request reaches the database, which refuses the value.
    const allowed = await apiFetch(`/rest/v1/categories?select=id,${ten}&id=eq.not-a-uuid`);
    expect(allowed.status).toBe(400);
    expect(((await allowed.json()) as { code: string }).code).toBe('22P02');
  });

  it('refuses embeds nested four deep and 201 selected columns', async () => {
    const deep = await apiFetch('/rest/v1/categories?select=id,subcategories(id,categories(id,subcategories(id,categories(id))))');
    expect(deep.status).toBe(400);
    expect((await errorBody(deep)).details).toContain('embeds nested 4 deep (at most 3)');
    const wide = Array.from({ length: 201 }, (_, i) => `c${i}:site_name`).join(',');
    const response = await apiFetch(`/rest/v1/settings?select=${wide}`);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).details).toContain('201 selected columns (at most 200)');
    // The same through supabase-js: the error carries the code.
    const { error, status } = await new PostgrestClient(`${inject('apiUrl')}/rest/v1`, { headers: { apikey: anonKey() } }).from('settings').select(wide);
    expect(status).toBe(400);
    expect(error?.code).toBe('SDV003');
  });

  it('answers the public catalogue with its embeds, three deep', async () => {
    const response = await apiFetch('/rest/v1/categories?select=*,subcategories(id,name,service_items(id,name,price,subcategories(id)))');
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});

describe('per-caller limits (max_requests_in_flight 3, max_connections 1, burst 8, 0.25 per second)', () => {
  it('refuses requests past the in-flight bound with 429 SDV001 and Retry-After, while another customer is served', async () => {
    const abuser = await customerToken();
    const other = await customerToken();
    const burst = Array.from({ length: 6 }, () => slow(small, abuser, 0.4));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const othersRead = await rest(small, 'categories?select=id,name', { token: other });
    const othersWait = Date.now() - started;
    const responses = await Promise.all(burst);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    const body = await errorBody(refused);
    expect(body).toMatchObject({ code: 'SDV001', message: 'Too many requests in flight' });
    expect(body.details).toContain('At most 3 requests');
    // The other customer's read did not wait behind the abuser's queue (0.4 s per slow call).
    expect(othersRead.status).toBe(200);
    expect(othersWait).toBeLessThan(400);
    // Once the abuser's requests ended, it is served again.
    expect((await slow(small, abuser, 0)).status).toBe(200);
  });

  it('refuses a caller past its burst with 429 SDV002, anonymous visitors and others still served, then refills', async () => {
    const token = await customerToken();
    for (let i = 0; i < SMALL.burst; i += 1) expect((await rest(small, 'categories?select=id', { token })).status).toBe(200);
    const refused = await rest(small, 'categories?select=id', { token });
    expect(refused.status).toBe(429);
    // One request per 4 s comes back into the bucket.
    expect(refused.headers.get('retry-after')).toBe('4');
    const body = await errorBody(refused);
    expect(body).toMatchObject({ code: 'SDV002', message: 'Too many requests' });
    // supabase-js sees the status and the code.
    const client = new PostgrestClient(`${small.url}/rest/v1`, { headers: { apikey: anonKey(), Authorization: `Bearer ${token}` } });
    const { error, status } = await client.from('categories').select('id');
    expect(status).toBe(429);
    expect(error?.code).toBe('SDV002');
    expect((await rest(small, 'categories?select=id')).status).toBe(200);
    expect((await rest(small, 'categories?select=id', { token: await customerToken() })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4100));
    expect((await rest(small, 'categories?select=id', { token })).status).toBe(200);
  });
});

describe("config.toml's limits (16 in flight, 2 connections, burst 60, 20 per second)", () => {
  it("never refuse a visitor's page loads nor a signed-in user opening screen after screen", async () => {
    const visitorLoad = async (): Promise<number[]> => {
      const first = await Promise.all([
        rest(standard, 'settings?select=site_name,maintenance_mode&id=eq.app'),
        rest(standard, 'categories?select=id,name,icon,sort_order&order=sort_order.asc'),
      ]);
      const categories = (await first[1]!.json()) as { id: string }[];
      const perCategory = await Promise.all(
        categories.slice(0, 4).map((category) => rest(standard, `subcategories?select=id,name&category_id=eq.${category.id}&active=is.true`)),
      );
      return [...first, ...perCategory].map((r) => r.status);
    };
    const signedIn = await customerToken();
    const screen = (): Promise<Response[]> =>
      Promise.all([
        rest(standard, 'categories?select=id,name', { token: signedIn }),
        rest(standard, 'subcategories?select=id,name', { token: signedIn }),
        rest(standard, 'service_items?select=id,name,price', { token: signedIn }),
        rest(standard, 'settings?select=*', { token: signedIn }),
        rest(standard, 'bookings?select=id,status&limit=50', { token: signedIn }),
        rest(standard, 'rpc/limits_sleep', { method: 'POST', token: signedIn, headers: { 'Content-Type': 'application/json' }, body: '{"seconds":0.05}' }),
      ]);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push(...(await visitorLoad()));
      statuses.push(...(await screen()).map((r) => r.status));
    }
    expect(statuses.length).toBeGreaterThan(80);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
