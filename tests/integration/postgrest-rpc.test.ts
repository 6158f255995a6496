// PostgREST conformance of RPC: counts on function results, the single unnamed parameter fed by a json / text / bytea / xml body, ambiguous overloads
// (300 PGRST203) and the PGRST202 wording, as PostgREST 12/13 answer them.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceClient, serviceRoleKey, sql } from './helpers.ts';
import { ensurePostgrestFixtures, expectError } from './postgrest-fixtures.ts';

let db: SupabaseClient;

beforeAll(async () => {
  await ensurePostgrestFixtures();
  db = serviceClient();
});

function post(name: string, body: string | Buffer, contentType: string, headers: Record<string, string> = {}) {
  return rawRequest('POST', `/rest/v1/rpc/${name}`, { headers: { apikey: serviceRoleKey(), 'Content-Type': contentType, ...headers }, body });
}

describe('RPC with Prefer: count=exact', () => {
  it('a set-returning function answers its row count (supabase-js count is a number)', async () => {
    const { data, count, error } = await db.rpc('fx_series', { n: 4 }, { count: 'exact' });
    expect(error).toBeNull();
    expect(data).toEqual([1, 2, 3, 4]);
    expect(count).toBe(4);
  });

  it('a scalar function answers Content-Range 0-0/1', async () => {
    const response = await post('fx_scalar', '{}', 'application/json', { Prefer: 'count=exact' });
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBe('0-0/1');
    expect(response.json()).toBe(42);
  });
});

describe('the transaction search_path', () => {
  it('is the request schema followed by [api] extra_search_path of supabase/config.toml, as PostgREST sets it', async () => {
    const { data, error } = await db.rpc('fx_search_path');
    expect(error).toBeNull();
    // PostgREST does not remove the schema repeated in extra_search_path (supabase-js's own EXPLAIN
    // snapshot shows "public", "public", "extensions").
    expect(data).toBe('"public", "public", "extensions"');
  });
});

describe('RPC overloading and the single unnamed parameter', () => {
  it('json, text, bytea and xml bodies reach the overload of that unnamed parameter type', async () => {
    const json = await post('fx_body', '{"x":[1,2]}', 'application/json');
    expect(json.status).toBe(200);
    expect(json.json()).toEqual({ got: { x: [1, 2] } });
    const text = await post('fx_body', 'xin chào', 'text/plain');
    expect(text.status).toBe(200);
    expect(text.json()).toBe('XIN CHÀO');
    const bytes = await post('fx_body', Buffer.from([0, 1, 2, 255]), 'application/octet-stream');
    expect(bytes.status).toBe(200);
    expect(bytes.json()).toBe(4);
    const xml = await post('fx_body', '<a>b</a>', 'text/xml');
    expect(xml.status).toBe(200);
    expect(xml.json()).toBe('xml:<a>b</a>');
  });

  it('overloads that cannot be told apart → 300 PGRST203, candidates in PostgREST order', async () => {
    const response = await post('fx_pick', '{"x":"1"}', 'application/json');
    expectError(response, 300, {
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.fx_pick(x => integer), public.fx_pick(x => text), public.fx_pick(x => integer, y => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it.each([
    {
      what: 'unknown argument names: sorted names, the closest overload as hint',
      body: '{"b":1,"a":2,"d":3}',
      type: 'application/json',
      message: 'Could not find the function public.fx_add(a, b, d) in the schema cache',
      details: 'Searched for the function public.fx_add with parameters a, b, d or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.fx_add(a, b, c)',
    },
    {
      what: 'a text body and no text overload: the unnamed text parameter named, no hint',
      body: 'hello',
      type: 'text/plain',
      message: 'Could not find the function public.fx_add in the schema cache',
      details: 'Searched for the function public.fx_add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    },
  ])('404 PGRST202 in PostgREST\'s words: $what', async ({ body, type, message, details, hint }) => {
    expectError(await post('fx_add', body, type), 404, { code: 'PGRST202', message, details, hint });
  });
});

describe("PGRST202's hint names what PostgREST's schema cache holds", () => {
  beforeAll(async () => {
    // As supabase-js's own test schema: f(int) is not callable (one unnamed parameter of a type no body
    // can carry), f(text) is. PostgREST leaves the uncallable ones out of its cache, hints included.
    await sql(`create or replace function public.fx_unnamed_integer(int) returns int language sql as 'select 1'`);
    await sql(`create or replace function public.fx_unnamed_text(text) returns int language sql as 'select 1'`);
    await sql(`notify pgrst, 'reload schema'`);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await post('fx_unnamed_text', 'x', 'text/plain');
      if (response.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('a function of one unnamed int parameter is not found; the closest callable name is the hint', async () => {
    expectError(await post('fx_unnamed_integer', '{"": 1}', 'application/json'), 404, {
      code: 'PGRST202',
      message: 'Could not find the function public.fx_unnamed_integer() in the schema cache',
      details: 'Searched for the function public.fx_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.fx_unnamed_text',
    });
  });

  it('a computed field (a function of the row type) is not offered as its own hint', async () => {
    const { error, status } = await db.rpc('label');
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.label without parameters in the schema cache',
      details: 'Searched for the function public.label without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });
});

describe("a function's rows, as Postgres names them in PostgREST's query", () => {
  it('a returns table (…) function is `record`, a function of a table type that table', async () => {
    await sql(`create or replace function public.fx_pairs(n int) returns table (i int, j int) language sql immutable as $$ select g, g * g from generate_series(1, n) g $$`);
    await sql(`notify pgrst, 'reload schema'`);
    let response = await post('fx_pairs?select=k', '{"n": 2}', 'application/json');
    for (let attempt = 0; attempt < 100 && response.status === 404; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await post('fx_pairs?select=k', '{"n": 2}', 'application/json');
    }
    expectError(response, 400, { code: '42703', message: 'column record.k does not exist', details: null, hint: null });
    expect((await db.rpc('fx_pairs', { n: 2 }).select('j')).data).toEqual([{ j: 1 }, { j: 4 }]);
    expectError(await post('fx_touch_tags?select=nme', '{"prefix": "zz"}', 'application/json'), 400, {
      code: '42703',
      message: 'column tags.nme does not exist',
      details: null,
      hint: 'Perhaps you meant to reference the column "tags.name".',
    });
  });
});
