// PostgREST conformance: aggregate functions in `select` (PostgREST 12+), refused with 400 PGRST123
// until the authenticator role has `pgrst.db_aggregates_enabled = 'true'` (Supabase:
// `alter role authenticator set pgrst.db_aggregates_enabled = 'true'`), then count(), sum(), avg(),
// min(), max() with aliases, casts, grouping by the other selected items (embeds included), inside
// embeds, hoisted from to-one spreads, on RPC rows; PGRST127 in to-many spreads; Postgres's 42703 with
// PostgREST's aliases. The fixtures are this file's own (created once per test stack).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceClient, serviceRoleKey, sql } from './helpers.ts';
import { expectError } from './postgrest-fixtures.ts';
import { setAuthenticatorSettings } from './postgrest-settings.ts';

const FIXTURES = `
create table public.agg_clients (id int primary key, name text not null);
create table public.agg_projects (id int primary key, name text not null, client_id int references public.agg_clients (id));
create table public.agg_invoices (id int primary key, project_id int not null references public.agg_projects (id), total numeric(10, 2) not null, data jsonb);
create table public.agg_tags (id int primary key, project_id int not null references public.agg_projects (id), label text not null);
create function public.agg_all_projects() returns setof public.agg_projects language sql stable as $$ select * from public.agg_projects $$;
grant select on public.agg_clients, public.agg_projects, public.agg_invoices, public.agg_tags to anon, authenticated, service_role;
insert into public.agg_clients values (1, 'Acme'), (2, 'Globex');
insert into public.agg_projects values (1, 'Alpha', 1), (2, 'Beta', 1), (3, 'Gamma', 2), (4, 'Delta', null);
insert into public.agg_invoices values (1, 1, 100.00, '{"k": "3"}'), (2, 1, 50.50, '{"k": "4"}'), (3, 2, 20.00, '{"k": "5"}'), (4, 3, 10.00, null);
insert into public.agg_tags values (1, 1, 'a'), (2, 1, 'b'), (3, 3, 'c');`;

let db: SupabaseClient;

function get(path: string, headers: Record<string, string> = {}) {
  return rawRequest('GET', `/rest/v1${path}`, { headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, ...headers } });
}

/** The rows of a supabase-js query that must succeed. */
async function rows(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<unknown> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return data;
}

beforeAll(async () => {
  await sql(`do $f$ begin if to_regclass('public.agg_invoices') is null then execute ${literal(FIXTURES)}; end if; end $f$`);
  await sql(`notify pgrst, 'reload schema'`);
  await setAuthenticatorSettings({ db_aggregates_enabled: null }, async () => (await get('/agg_invoices?select=count()')).status === 400);
  db = serviceClient();
});

afterAll(async () => {
  await setAuthenticatorSettings({ db_aggregates_enabled: null }, async () => (await get('/agg_invoices?select=count()')).status === 400);
});

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

describe('without pgrst.db_aggregates_enabled (Supabase default)', () => {
  it.each([
    ['count()', '/agg_invoices?select=count()'],
    ['an aggregate in an embed', '/agg_projects?select=name,agg_invoices(total.sum())'],
    ['an aggregate in a to-one spread', '/agg_invoices?select=...agg_projects(id.count())'],
  ])('%s → 400 PGRST123', async (_what, path) => {
    expectError(await get(path), 400, { code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
  });
});

describe("with alter role authenticator set pgrst.db_aggregates_enabled = 'true'", () => {
  beforeAll(async () => {
    await setAuthenticatorSettings({ db_aggregates_enabled: 'true' }, async () => (await get('/agg_invoices?select=count()')).status === 200);
  });

  it('count() of all rows, with an alias and a cast of the result', async () => {
    expect(await rows(db.from('agg_invoices').select('count()'))).toEqual([{ count: 4 }]);
    expect(await rows(db.from('agg_invoices').select('n:count()'))).toEqual([{ n: 4 }]);
    expect(await rows(db.from('agg_invoices').select('count()::text'))).toEqual([{ count: '4' }]);
  });

  it('sum, avg, min, max, grouped by the other selected columns (aliased or not)', async () => {
    expect(await rows(db.from('agg_invoices').select('total.sum(),total.max(),total.min(),project_id').order('project_id', { ascending: false }))).toEqual([
      { sum: 10, max: 10, min: 10, project_id: 3 },
      { sum: 20, max: 20, min: 20, project_id: 2 },
      { sum: 150.5, max: 100, min: 50.5, project_id: 1 },
    ]);
    expect(await rows(db.from('agg_invoices').select('charged:total.sum()::text,pid:project_id,total.avg()').order('project_id'))).toEqual([
      { charged: '150.50', pid: 1, avg: 75.25 },
      { charged: '20.00', pid: 2, avg: 20 },
      { charged: '10.00', pid: 3, avg: 10 },
    ]);
  });

  it('casts the value before the aggregate (a JSON path included) and counts a column', async () => {
    expect(await rows(db.from('agg_invoices').select('data->>k::integer.sum()'))).toEqual([{ sum: 12 }]);
    expect(await rows(db.from('agg_invoices').select('s:data->>k::integer.sum()::text,data.count()'))).toEqual([{ s: '12', count: 3 }]);
  });

  it('aggregates inside an embed, one row per parent', async () => {
    expect(await rows(db.from('agg_projects').select('name,agg_invoices(total.sum(),count())').order('id'))).toEqual([
      { name: 'Alpha', agg_invoices: [{ sum: 150.5, count: 2 }] },
      { name: 'Beta', agg_invoices: [{ sum: 20, count: 1 }] },
      { name: 'Gamma', agg_invoices: [{ sum: 10, count: 1 }] },
      { name: 'Delta', agg_invoices: [{ sum: null, count: 0 }] },
    ]);
  });

  it('an embed is a group term of an aggregated parent', async () => {
    expect(await rows(db.from('agg_invoices').select('project_id,total:total.sum(),agg_projects(name)').order('project_id'))).toEqual([
      { project_id: 1, total: 150.5, agg_projects: { name: 'Alpha' } },
      { project_id: 2, total: 20, agg_projects: { name: 'Beta' } },
      { project_id: 3, total: 10, agg_projects: { name: 'Gamma' } },
    ]);
  });

  it('hoists the aggregates of a to-one spread to its parent, grouped by the spread columns', async () => {
    expect(await rows(db.from('agg_projects').select('...agg_clients(client:name,projects:count())').order('agg_clients(name)'))).toEqual([
      { client: 'Acme', projects: 2 },
      { client: 'Globex', projects: 1 },
      { client: null, projects: 0 },
    ]);
    expect(await rows(db.from('agg_invoices').select('total.sum(),...agg_projects(name)').order('agg_projects(name)'))).toEqual([
      { sum: 150.5, name: 'Alpha' },
      { sum: 20, name: 'Beta' },
      { sum: 10, name: 'Gamma' },
    ]);
  });

  it("nests as supabase-js's own tests do: an aggregate in a to-one embed, grouped by a to-one spread in it", async () => {
    expect(await rows(db.from('agg_invoices').select('id,agg_projects(count(),...agg_clients(name))').in('id', [1, 4]).order('id'))).toEqual([
      { id: 1, agg_projects: { count: 1, name: 'Acme' } },
      { id: 4, agg_projects: { count: 1, name: 'Globex' } },
    ]);
    expect(await rows(db.from('agg_invoices').select('id,agg_projects(id.sum(),...agg_clients(client_sum:id.sum(),name))').in('id', [1, 4]).order('id'))).toEqual([
      { id: 1, agg_projects: { sum: 1, client_sum: 1, name: 'Acme' } },
      { id: 4, agg_projects: { sum: 3, client_sum: 2, name: 'Globex' } },
    ]);
    expect(await rows(db.from('agg_clients').select('name,agg_projects(agg_invoices(n:count()))').eq('id', 2))).toEqual([{ name: 'Globex', agg_projects: [{ agg_invoices: [{ n: 1 }] }] }]);
  });

  it('aggregates the rows of a function (RPC)', async () => {
    expect(await rows(db.rpc('agg_all_projects').select('id.max(),count()'))).toEqual([{ max: 4, count: 4 }]);
  });

  it('counts the rows for Content-Range and the groups for the page (so 206, as PostgREST)', async () => {
    const response = await get('/agg_invoices?select=count(),project_id', { Prefer: 'count=exact' });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe('0-2/4');
  });

  it('refuses aggregates in a to-many spread: 400 PGRST127', async () => {
    expectError(await get('/agg_projects?select=name,...agg_tags(id.count())'), 400, {
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
  });

  it("answers Postgres's errors with PostgREST's aliases: the table at the root, <table>_<depth> in embeds", async () => {
    expectError(await get('/agg_invoices?select=alias:missing_column.count()'), 400, {
      code: '42703',
      message: 'column agg_invoices.missing_column does not exist',
      details: null,
      hint: null,
    });
    expectError(await get('/agg_projects?select=name,agg_invoices(sum)'), 400, {
      code: '42703',
      message: 'column agg_invoices_1.sum does not exist',
      details: null,
      hint: null,
    });
    // Grouping is Postgres's: an ungrouped column in the order is its 42803.
    const ungrouped = await get('/agg_invoices?select=count(),project_id&order=total');
    expect(ungrouped.status).toBe(400);
    expect(ungrouped.json()).toMatchObject({ code: '42803', message: 'column "agg_invoices.total" must appear in the GROUP BY clause or be used in an aggregate function' });
  });
});
