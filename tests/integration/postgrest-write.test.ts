// PostgREST conformance of writes: Prefer max-affected with handling=strict (PGRST124, rolled
// back), missing=default on an identity column, upserts of only the conflict key, the status of
// ignore-duplicates, and pg-safeupdate's refusal of UPDATE/DELETE without a filter (21000, 400).
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceClient, serviceRoleKey, sql } from './helpers.ts';
import { ensurePostgrestFixtures, expectError } from './postgrest-fixtures.ts';

let db: SupabaseClient;

beforeAll(async () => {
  await ensurePostgrestFixtures();
  db = serviceClient();
});

function request(method: string, path: string, prefer: string, body?: unknown) {
  return rawRequest(method, `/rest/v1${path}`, {
    headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, 'Content-Type': 'application/json', Prefer: prefer },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function statuses(prefix: string): Promise<string[]> {
  const rows = await sql<{ status: string }>('select status from public.tickets where title like $1 order by title', [`${prefix}%`]);
  return rows.map((r) => r.status);
}

describe('Prefer: max-affected with handling=strict', () => {
  it('a PATCH touching more rows than allowed answers 400 PGRST124 and changes nothing', async () => {
    await sql(`insert into public.tickets (title) values ('max-1'), ('max-2'), ('max-3')`);
    const refused = await request('PATCH', '/tickets?title=like.max-*', 'handling=strict, max-affected=2', { status: 'closed' });
    expectError(refused, 400, {
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
      hint: null,
    });
    expect(await statuses('max-')).toEqual(['open', 'open', 'open']);

    const allowed = await request('PATCH', '/tickets?title=like.max-*', 'handling=strict, max-affected=3', { status: 'closed' });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['preference-applied']).toBe('handling=strict, max-affected=3');
    expect(await statuses('max-')).toEqual(['closed', 'closed', 'closed']);
  });
});

describe('Prefer: missing=default', () => {
  it('keys missing from some rows take the column default, identity columns included', async () => {
    const { data, error } = await db
      .from('tickets')
      .insert([{ id: 9001, title: 'missing-a' }, { title: 'missing-b', status: 'done' }], { defaultToNull: false })
      .select('id, title, status')
      .order('title');
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(data![0]).toEqual({ id: 9001, title: 'missing-a', status: 'open' });
    expect(data![1]).toMatchObject({ title: 'missing-b', status: 'done' });
    expect(typeof data![1]!.id).toBe('number');
  });

  it("evaluates each row's defaults as PostgREST does: a bulk insert spends one sequence value per row", async () => {
    const [row] = await sql<{ n: string }>(`select nextval(pg_get_serial_sequence('public.tickets', 'id'))::text as n`);
    const n = row!.n;
    const { data, error } = await db
      .from('tickets')
      .insert([{ id: 9100, title: 'seq-a' }, { title: 'seq-b' }], { defaultToNull: false })
      .select('id, title, status');
    expect(error).toBeNull();
    // The first row gives its id, yet its default was taken too (PostgREST merges every row over the
    // defaults): the second row has the second value after n, as supabase-js's own test expects.
    expect(data).toEqual([
      { id: 9100, title: 'seq-a', status: 'open' },
      { id: Number(n) + 2, title: 'seq-b', status: 'open' },
    ]);
    const upserted = await db
      .from('tickets')
      .upsert([{ id: 9100, title: 'seq-a2' }, { title: 'seq-c' }], { defaultToNull: false })
      .select('id, title');
    expect(upserted.error).toBeNull();
    expect(upserted.data).toEqual([
      { id: 9100, title: 'seq-a2' },
      { id: Number(n) + 4, title: 'seq-c' },
    ]);
  });
});

describe('upserts', () => {
  it('a payload holding only the conflict key answers the existing row (200)', async () => {
    const response = await request('POST', '/tags', 'resolution=merge-duplicates, return=representation', { name: 'red' });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual([{ name: 'red' }]);
    expect(response.headers['preference-applied']).toBe('resolution=merge-duplicates, return=representation');
  });

  it('resolution=ignore-duplicates answers 201 even when every row already existed', async () => {
    const response = await request('POST', '/tags', 'resolution=ignore-duplicates, return=representation', [{ name: 'red' }]);
    expect(response.status).toBe(201);
    expect(response.json()).toEqual([]);
  });
});

describe('pg-safeupdate on API requests', () => {
  it('UPDATE without any filter → 400 21000 "UPDATE requires a WHERE clause", nothing changed', async () => {
    const before = await sql<{ n: string }>(`select count(*)::text as n from public.tickets where status = 'gone'`);
    const response = await request('PATCH', '/tickets', 'return=minimal', { status: 'gone' });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ code: '21000', message: 'UPDATE requires a WHERE clause', details: null, hint: null });
    expect(await sql(`select count(*)::text as n from public.tickets where status = 'gone'`)).toEqual(before);
  });

  it('DELETE without any filter → 400 21000 "DELETE requires a WHERE clause"', async () => {
    const before = await sql(`select count(*)::int as n from public.tags`);
    const { error, status } = await db.from('tags').delete();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    expect(await sql(`select count(*)::int as n from public.tags`)).toEqual(before);
  });
});
