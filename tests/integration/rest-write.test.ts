// REST writes through supabase-js as the demo admin: insert (single, bulk, columns=, missing=default),
// upsert (merge / ignore, 201 vs 200), update and delete (representation / minimal), single-object
// writes rolled back, Location for headers-only, body errors and database errors with their codes.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenOf, DEMO_ACCOUNTS, rawRequest, signedInClient, sql } from './helpers.ts';

let admin: SupabaseClient;
let customer: SupabaseClient;
let adminToken: string;
const PREFIX = `RT-${Date.now().toString(36)}`;

beforeAll(async () => {
  admin = await signedInClient(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  customer = await signedInClient(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
  adminToken = await accessTokenOf(admin);
});

afterAll(async () => {
  await sql('delete from public.categories where name like $1', [`${PREFIX}%`]);
  await sql('delete from public.discount_codes where code ilike $1', [`${PREFIX}%`]);
});

function request(method: string, path: string, body: string | undefined, headers: Record<string, string> = {}) {
  return rawRequest(method, `/rest/v1${path}`, {
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json', ...headers },
    body,
  });
}

describe('insert', () => {
  it('inserts one row and returns it shaped by select (201)', async () => {
    const { data, error, status } = await admin.from('categories').insert({ name: `${PREFIX} một`, sort_order: 90 }).select('id, name, sort_order').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ name: `${PREFIX} một`, sort_order: 90 });
    const rows = await sql('select 1 from public.categories where id = $1', [data!.id]);
    expect(rows).toHaveLength(1);
  });

  it('inserts an array with columns= (missing keys are null) and with missing=default', async () => {
    const { data, error } = await admin
      .from('categories')
      .insert([
        { name: `${PREFIX} a`, sort_order: 91 },
        { name: `${PREFIX} b`, sort_order: 92, icon: 'wrench' },
      ])
      .select('name, icon');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: `${PREFIX} a`, icon: null },
      { name: `${PREFIX} b`, icon: 'wrench' },
    ]);
    const withDefault = await request(
      'POST',
      '/discount_codes?columns=code,discount_type,discount_value,expires_at,status&select=code,status',
      JSON.stringify([{ code: `${PREFIX}-d1`, discount_type: 'fixed_amount', discount_value: 1000, expires_at: '2030-01-01T00:00:00Z' }]),
      { Prefer: 'return=representation,missing=default' },
    );
    expect(withDefault.status).toBe(201);
    expect(withDefault.headers['preference-applied']).toBe('missing=default, return=representation');
    // Codes are stored upper-case by the database; status comes from its default.
    expect(withDefault.json()).toEqual([{ code: `${PREFIX}-D1`.toUpperCase(), status: 'active' }]);
  });

  it('answers 201 with no body by default (return=minimal) and a Location for headers-only', async () => {
    const minimal = await request('POST', '/categories', JSON.stringify({ name: `${PREFIX} min`, sort_order: 93 }));
    expect(minimal.status).toBe(201);
    expect(minimal.body).toBe('');
    expect(minimal.headers['content-range']).toBe('*/*');
    const headersOnly = await request('POST', '/categories', JSON.stringify({ name: `${PREFIX} loc`, sort_order: 94 }), { Prefer: 'return=headers-only' });
    expect(headersOnly.status).toBe(201);
    const [row] = await sql<{ id: string }>('select id from public.categories where name = $1', [`${PREFIX} loc`]);
    expect(headersOnly.headers.location).toBe(`/categories?id=eq.${row!.id}`);
  });

  it('upserts: 201 when a row is inserted, 200 when all were merged; ignore-duplicates keeps the old row', async () => {
    const id = '7e57c0de-0000-4000-8000-000000000001';
    const first = await admin.from('categories').upsert({ id, name: `${PREFIX} up`, sort_order: 95 }).select('id, name');
    expect(first.status).toBe(201);
    const second = await admin.from('categories').upsert({ id, name: `${PREFIX} up 2`, sort_order: 95 }).select('id, name');
    expect(second.status).toBe(200);
    expect(second.data).toEqual([{ id, name: `${PREFIX} up 2` }]);
    const ignored = await admin.from('categories').upsert({ id, name: `${PREFIX} up 3`, sort_order: 95 }, { ignoreDuplicates: true }).select('id');
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const [row] = await sql<{ name: string }>('select name from public.categories where id = $1', [id]);
    expect(row!.name).toBe(`${PREFIX} up 2`);
    const onConflict = await admin
      .from('discount_codes')
      .upsert({ id: '7e57c0de-0000-4000-8000-000000000002', code: `${PREFIX}-oc`, discount_type: 'percentage', discount_value: 5, expires_at: '2030-01-01T00:00:00Z' }, { onConflict: 'id' })
      .select('code');
    expect(onConflict.status).toBe(201);
  });
});

describe('update and delete', () => {
  it('PATCH with filters: 200 with representation, 204 without', async () => {
    await admin.from('categories').insert([
      { name: `${PREFIX} p1`, sort_order: 96 },
      { name: `${PREFIX} p2`, sort_order: 96 },
    ]);
    const updated = await admin.from('categories').update({ icon: 'brush' }).like('name', `${PREFIX} p*`).select('name, icon').order('name');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([
      { name: `${PREFIX} p1`, icon: 'brush' },
      { name: `${PREFIX} p2`, icon: 'brush' },
    ]);
    const minimal = await request('PATCH', `/categories?name=eq.${encodeURIComponent(`${PREFIX} p1`)}`, JSON.stringify({ icon: 'x' }));
    expect(minimal.status).toBe(204);
    expect(minimal.headers['content-range']).toBe('0-0/*');
  });

  it('a single-object write touching two rows is refused with 406 and rolled back', async () => {
    const result = await admin.from('categories').update({ icon: 'rolled-back' }).like('name', `${PREFIX} p*`).select('id').single();
    expect(result.status).toBe(406);
    expect(result.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const rows = await sql('select 1 from public.categories where icon = $1', ['rolled-back']);
    expect(rows).toHaveLength(0);
  });

  it('DELETE with filters returns the removed rows, or 204', async () => {
    const removed = await admin.from('categories').delete().eq('name', `${PREFIX} p2`).select('name');
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual([{ name: `${PREFIX} p2` }]);
    const minimal = await request('DELETE', `/categories?name=eq.${encodeURIComponent(`${PREFIX} p1`)}`, undefined, { Prefer: 'count=exact' });
    expect(minimal.status).toBe(204);
    expect(minimal.headers['content-range']).toBe('0-0/1');
  });
});

describe('PUT', () => {
  it('inserts or replaces the row named by its primary key', async () => {
    const id = '7e57c0de-0000-4000-8000-000000000003';
    const body = (name: string) => JSON.stringify({ id, name, sort_order: 97 });
    const created = await request('PUT', `/categories?id=eq.${id}&select=id,name`, body(`${PREFIX} put`), { Prefer: 'return=representation' });
    expect(created.status).toBe(200);
    expect(created.json()).toEqual([{ id, name: `${PREFIX} put` }]);
    const replaced = await request('PUT', `/categories?id=eq.${id}`, body(`${PREFIX} put 2`));
    expect(replaced.status).toBe(204);
    const [row] = await sql<{ name: string }>('select name from public.categories where id = $1', [id]);
    expect(row!.name).toBe(`${PREFIX} put 2`);
    const mismatch = await request('PUT', `/categories?id=eq.7e57c0de-0000-4000-8000-000000000004`, body('x'));
    expect([mismatch.status, (mismatch.json() as { code: string }).code]).toEqual([400, 'PGRST115']);
    const notPk = await request('PUT', `/categories?name=eq.x`, body('x'));
    expect([notPk.status, (notPk.json() as { code: string }).code]).toEqual([405, 'PGRST105']);
  });
});

describe('write errors', () => {
  it.each([
    ['invalid JSON', 'POST', '/categories', '{"name":', 400, 'PGRST102'],
    ['empty body', 'POST', '/categories', '', 400, 'PGRST102'],
    ['keys that differ between objects', 'POST', '/categories', '[{"name":"a","sort_order":1},{"name":"b"}]', 400, 'PGRST102'],
    ['unknown column', 'POST', '/categories', '{"nam":"x"}', 400, 'PGRST204'],
    ['unknown column in PATCH', 'PATCH', '/categories?id=eq.7e57c0de-0000-4000-8000-000000000009', '{"nam":"x"}', 400, 'PGRST204'],
    ['check violation', 'POST', '/categories', '{"name":" ","sort_order":1}', 400, '23514'],
    ['not-null violation', 'POST', '/discount_codes', '{"code":"RT-NN","discount_type":"percentage","discount_value":1}', 400, '23502'],
    ['invalid input for the type', 'POST', '/categories', '{"name":"x","sort_order":"many"}', 400, '22P02'],
  ])('%s → %i %s', async (_name, method, path, body, status, code) => {
    const response = await request(method, path, body);
    expect(response.status).toBe(status);
    expect((response.json() as { code: string }).code).toBe(code);
  });

  it('unique and foreign-key violations are 409', async () => {
    const first = await admin.from('discount_codes').insert({ code: `${PREFIX}-dup`, discount_type: 'percentage', discount_value: 5, expires_at: '2030-01-01T00:00:00Z' });
    expect(first.error).toBeNull();
    const duplicate = await admin.from('discount_codes').insert({ code: `${PREFIX}-DUP`, discount_type: 'percentage', discount_value: 5, expires_at: '2030-01-01T00:00:00Z' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const [used] = await sql<{ category_id: string }>('select category_id from public.subcategories limit 1');
    const fk = await admin.from('categories').delete().eq('id', used!.category_id);
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
  });

  it('a body over 1 MB is refused with 413', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), sort_order: 1 });
    const response = await request('POST', '/categories', huge);
    expect(response.status).toBe(413);
    expect((response.json() as { code: string }).code).toBe('PGRST102');
  });

  it('RLS refuses a customer writing the catalogue (403 42501) and PATCH/DELETE touch nothing', async () => {
    const insert = await customer.from('categories').insert({ name: `${PREFIX} hack`, sort_order: 1 });
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe('42501');
    const update = await customer.from('categories').update({ name: 'hacked' }).neq('name', '').select('id');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const del = await customer.from('bookings').delete().neq('status', '').select('id');
    expect(del.data ?? []).toEqual([]);
    const count = await sql<{ n: string }>("select count(*)::text as n from public.categories where name = 'hacked'");
    expect(count[0]!.n).toBe('0');
  });
});
