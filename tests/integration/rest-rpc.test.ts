// RPC through supabase-js: the admin dashboard and list functions of the real schema, plus small
// fixture functions (void, scalar with defaults, setof rows with select/filter/order/embeds,
// returns table, single unnamed json argument, a volatile write called by GET).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, anonClient, DEMO_ACCOUNTS, rawRequest, signedInClient, sql } from './helpers.ts';

let admin: SupabaseClient;
let customer: SupabaseClient;
let adminToken: string;

const FIXTURES = `
create function public.rest_test_void() returns void language sql as $$ select $$;
create function public.rest_test_add(a integer, b integer default 1) returns integer immutable language sql as $$ select a + b $$;
create function public.rest_test_bookings(p_status text) returns setof public.bookings stable language sql
  as $$ select * from public.bookings where status = p_status $$;
create function public.rest_test_table(n integer) returns table (i integer, sq integer) immutable language sql
  as $$ select g, g * g from generate_series(1, n) g $$;
create function public.rest_test_echo(jsonb) returns jsonb immutable language sql as $$ select $1 $$;
create function public.rest_test_request() returns jsonb stable language sql as $$
  select jsonb_build_object(
    'role', current_user,
    'method', current_setting('request.method', true),
    'path', current_setting('request.path', true),
    'probe', current_setting('request.headers', true)::jsonb ->> 'x-rest-probe',
    'sub', current_setting('request.jwt.claims', true)::jsonb ->> 'sub',
    'read_only', current_setting('transaction_read_only'))
$$;
create function public.rest_test_sleep(seconds double precision) returns integer volatile language sql
  as $$ select 1 from pg_sleep(seconds) $$;
create function public.rest_test_touch() returns integer volatile language sql
  as $$ insert into public.categories (name, sort_order) values ('rest_test_touch', 1) returning 1 $$;
`;

async function waitForFunction(name: string): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    const response = await rawRequest('POST', `/rest/v1/rpc/${name}`, { headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' }, body: '{}' });
    if (response.status !== 404) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} never appeared in the schema cache`);
}

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  adminToken = await accessTokenOf(admin);
  await sql(FIXTURES);
  await sql("notify pgrst, 'reload schema'");
  await waitForFunction('rest_test_void');
});

afterAll(async () => {
  await sql(`drop function if exists public.rest_test_void(), public.rest_test_add(integer, integer), public.rest_test_bookings(text),
    public.rest_test_table(integer), public.rest_test_echo(jsonb), public.rest_test_touch(), public.rest_test_request(), public.rest_test_sleep(double precision)`);
  await sql("delete from public.categories where name = 'rest_test_touch'");
  await sql("notify pgrst, 'reload schema'");
});

describe('functions of the schema', () => {
  it('admin_dashboard returns its JSON object', async () => {
    const { data, error, status } = await admin.rpc('admin_dashboard');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveProperty('bookings');
  });

  it('admin_list_bookings by GET with query arguments', async () => {
    const { data, error } = await admin.rpc('admin_list_bookings', { p_status: 'pending', p_limit: 3 }, { get: true });
    expect(error).toBeNull();
    expect(JSON.stringify(data)).toContain('pending');
  });

  it('anonymous callers get 401 42501 from a function not granted to anon', async () => {
    const { error, status } = await anonClient().rpc('admin_dashboard');
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('a customer calling an admin function is refused by the database', async () => {
    const { data, error, status } = await customer.rpc('admin_dashboard');
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    expect([400, 403]).toContain(status);
  });
});

describe('return shapes', () => {
  it('void → 204 with no body; scalar with defaults → the bare value', async () => {
    const voidCall = await rawRequest('POST', '/rest/v1/rpc/rest_test_void', { headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(voidCall.status).toBe(204);
    expect(voidCall.body).toBe('');
    expect((await admin.rpc('rest_test_add', { a: 2 })).data).toBe(3);
    expect((await admin.rpc('rest_test_add', { a: 2, b: 5 }, { get: true })).data).toBe(7);
  });

  it('setof rows: select, filters, order, limit, count and embeds apply to the result', async () => {
    const { data, error, count } = await admin
      .rpc('rest_test_bookings', { p_status: 'completed' }, { count: 'exact' })
      .select('id, final_price, customer:profiles!bookings_customer_id_fkey(name)')
      .gt('final_price', 200000)
      .order('final_price', { ascending: false })
      .limit(3);
    expect(error).toBeNull();
    const [expected] = await sql<{ n: string }>("select count(*)::text as n from public.bookings where status = 'completed' and final_price > 200000");
    expect(count).toBe(Number(expected!.n));
    const rows = data as unknown as { final_price: number; customer: unknown }[];
    expect(rows.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i - 1]!.final_price).toBeGreaterThanOrEqual(rows[i]!.final_price);
    expect(rows[0]).toHaveProperty('customer');
  });

  it('row results are capped at max_rows (1000, supabase/config.toml) like PostgREST', async () => {
    const response = await rawRequest('GET', '/rest/v1/rpc/rest_test_table?n=1500', { headers: { Authorization: `Bearer ${adminToken}`, Prefer: 'count=exact' } });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe('0-999/1500');
    expect(response.json()).toHaveLength(1000);
    const page = await rawRequest('GET', '/rest/v1/rpc/rest_test_table?n=1500&offset=1200', { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(page.headers['content-range']).toBe('1200-1499/*');
  });

  it('returns table (...) rows, and a single unnamed jsonb argument receives the whole body', async () => {
    const table = await admin.rpc('rest_test_table', { n: 4 }).gte('sq', 4);
    expect(table.data).toEqual([
      { i: 2, sq: 4 },
      { i: 3, sq: 9 },
      { i: 4, sq: 16 },
    ]);
    const echo = await admin.rpc('rest_test_echo', { anything: [1, 'hai'] });
    expect(echo.data).toEqual({ anything: [1, 'hai'] });
  });

  it('a volatile function called by GET runs read-only: 405 25006, nothing written', async () => {
    const { error, status } = await admin.rpc('rest_test_touch', {}, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
    expect(await sql("select 1 from public.categories where name = 'rest_test_touch'")).toHaveLength(0);
    const post = await admin.rpc('rest_test_touch');
    expect(post.data).toBe(1);
  });
});

describe('the transaction of a request', () => {
  it('runs as the caller with request.method, request.path, request.headers and request.jwt.claims set', async () => {
    const [admin_row] = await sql<{ id: string }>('select id from auth.users where email = $1', [DEMO_ACCOUNTS.admin.email]);
    const get = await rawRequest('GET', '/rest/v1/rpc/rest_test_request', { headers: { Authorization: `Bearer ${adminToken}`, 'X-Rest-Probe': 'probe-42' } });
    expect(get.status).toBe(200);
    expect(get.json()).toEqual({ role: 'authenticated', method: 'GET', path: '/rpc/rest_test_request', probe: 'probe-42', sub: admin_row!.id, read_only: 'on' });
    const anon = await rawRequest('POST', '/rest/v1/rpc/rest_test_request', { headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(anon.json()).toMatchObject({ role: 'anon', method: 'POST', sub: null });
  });

  it("hits the role's statement timeout (anon: 3 s) → 500 57014", async () => {
    const { error, status } = await anonClient().rpc('rest_test_sleep', { seconds: 3.5 });
    expect(status).toBe(500);
    expect(error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  }, 15_000);

  it('HEAD on a function answers the headers only', async () => {
    const head = await rawRequest('HEAD', '/rest/v1/rpc/rest_test_table?n=3', { headers: { Authorization: `Bearer ${adminToken}`, Prefer: 'count=exact' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-range']).toBe('0-2/3');
    expect(head.body).toBe('');
  });
});

describe('resolution errors', () => {
  it('unknown function → 404 PGRST202 with a hint', async () => {
    const { error, status } = await admin.rpc('admin_dashbord');
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.admin_dashbord without parameters in the schema cache',
      hint: 'Perhaps you meant to call the function public.admin_dashboard',
    });
  });

  it('unknown argument name → 404 PGRST202; a value of the wrong type → 400 22P02', async () => {
    const wrongName = await admin.rpc('rest_test_add', { x: 1 });
    expect(wrongName.status).toBe(404);
    expect(wrongName.error?.code).toBe('PGRST202');
    expect(wrongName.error?.message).toBe('Could not find the function public.rest_test_add(x) in the schema cache');
    const wrongType = await admin.rpc('rest_test_add', { a: 'hai' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.error?.code).toBe('22P02');
  });

  it('PATCH on /rpc is refused with 405 PGRST101', async () => {
    const response = await rawRequest('PATCH', '/rest/v1/rpc/rest_test_add', { headers: { Authorization: `Bearer ${adminToken}` }, body: '{}' });
    expect(response.status).toBe(405);
    expect((response.json() as { code: string }).code).toBe('PGRST101');
  });
});
