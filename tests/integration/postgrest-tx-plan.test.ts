// PostgREST conformance of the authenticator role's pgrst.db_tx_end and pgrst.db_plan_enabled (read
// at start and on `notify pgrst, 'reload config'` / 'reload schema'): `Prefer: tx=rollback|commit`
// honoured only with `*-allow-override` (else ignored, as PostgREST), every request rolled back with
// `rollback*`; EXPLAIN through `Accept: application/vnd.pgrst.plan+json|+text` (supabase-js
// `.explain()`), 406 PGRST107 while plans are disabled.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, serviceClient, serviceRoleKey, sql } from './helpers.ts';
import { expectError } from './postgrest-fixtures.ts';
import { setAuthenticatorSettings } from './postgrest-settings.ts';

const FIXTURES = `
create table public.txp_counters (id int primary key, n int not null default 0);
create table public.txp_children (id int primary key, parent_id int references public.txp_counters (id) deferrable initially deferred);
create function public.txp_bump(p_id int) returns int language sql volatile as $$ update public.txp_counters set n = n + 1 where id = p_id returning n $$;
grant select, insert, update, delete on public.txp_counters, public.txp_children to anon, authenticated, service_role;
insert into public.txp_counters values (1, 0), (2, 0);`;

let db: SupabaseClient;

function request(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  return rawRequest(method, `/rest/v1${path}`, {
    headers: { apikey: serviceRoleKey(), Authorization: `Bearer ${serviceRoleKey()}`, 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function counter(id: number): Promise<number> {
  const [row] = await sql<{ n: number }>('select n from public.txp_counters where id = $1', [id]);
  return row!.n;
}

async function children(): Promise<number[]> {
  return (await sql<{ id: number }>('select id from public.txp_children order by id')).map((row) => row.id);
}

/** Whether a `tx=rollback` insert is rolled back now (the probe's row is removed either way). */
async function rollsBack(): Promise<boolean> {
  await request('POST', '/txp_children', { Prefer: 'tx=rollback' }, { id: 999, parent_id: 1 });
  const kept = (await children()).includes(999);
  await sql('delete from public.txp_children where id = 999');
  return !kept;
}

const PLAN_OFF = async () => (await request('GET', '/txp_counters', { Accept: 'application/vnd.pgrst.plan+json' })).status === 406;
const PLAN_ON = async () => (await request('GET', '/txp_counters', { Accept: 'application/vnd.pgrst.plan+json' })).status === 200;

beforeAll(async () => {
  await sql(`do $f$ begin if to_regclass('public.txp_counters') is null then execute '${FIXTURES.replace(/'/g, "''")}'; end if; end $f$`);
  await sql(`notify pgrst, 'reload schema'`);
  await setAuthenticatorSettings({ db_tx_end: null, db_plan_enabled: null }, async () => (await request('GET', '/txp_counters')).status === 200 && !(await rollsBack()) && (await PLAN_OFF()));
  db = serviceClient();
});

afterAll(async () => {
  await setAuthenticatorSettings({ db_tx_end: null, db_plan_enabled: null }, async () => !(await rollsBack()) && (await PLAN_OFF()));
});

describe('pgrst.db_tx_end', () => {
  it('unset (commit): Prefer tx=rollback is ignored and the write commits, as PostgREST', async () => {
    const response = await request('POST', '/txp_children', { Prefer: 'return=representation, tx=rollback' }, { id: 1, parent_id: 1 });
    expect(response.status).toBe(201);
    expect(response.headers['preference-applied']).toBe('return=representation');
    expect(await children()).toContain(1);
    await sql('delete from public.txp_children');
  });

  describe("commit-allow-override (the Supabase projects' test setting)", () => {
    beforeAll(async () => {
      await setAuthenticatorSettings({ db_tx_end: 'commit-allow-override' }, rollsBack);
    });

    it('.rollback() answers the written rows and keeps nothing: insert, upsert, update, delete', async () => {
      const inserted = await db.from('txp_children').insert({ id: 2, parent_id: 1 }).select().rollback().single();
      expect(inserted).toMatchObject({ status: 201, data: { id: 2, parent_id: 1 } });
      const upserted = await db.from('txp_counters').upsert({ id: 1, n: 50 }).select('n').rollback().single();
      expect(upserted.data).toEqual({ n: 50 });
      const updated = await db.from('txp_counters').update({ n: 7 }).eq('id', 2).select('n').rollback().single();
      expect(updated.data).toEqual({ n: 7 });
      const deleted = await db.from('txp_counters').delete().eq('id', 2).select('id').rollback().single();
      expect(deleted.data).toEqual({ id: 2 });
      expect(await children()).toEqual([]);
      expect(await sql('select id, n from public.txp_counters order by id')).toEqual([
        { id: 1, n: 0 },
        { id: 2, n: 0 },
      ]);
    });

    it('rolls back what a function did and says so in Preference-Applied', async () => {
      expect((await db.rpc('txp_bump', { p_id: 1 }).rollback()).data).toBe(1);
      expect(await counter(1)).toBe(0);
      const response = await request('POST', '/rpc/txp_bump', { Prefer: 'tx=rollback' }, { p_id: 1 });
      expect(response.headers['preference-applied']).toBe('tx=rollback');
      expect(await counter(1)).toBe(0);
      const committed = await request('POST', '/rpc/txp_bump', { Prefer: 'tx=commit' }, { p_id: 1 });
      expect(committed.headers['preference-applied']).toBe('tx=commit');
      expect(await counter(1)).toBe(1);
      await sql('update public.txp_counters set n = 0');
    });

    it('checks deferred constraints before rolling back (set constraints all immediate)', async () => {
      expectError(await request('POST', '/txp_children', { Prefer: 'tx=rollback' }, { id: 3, parent_id: 42 }), 409, {
        code: '23503',
        message: 'insert or update on table "txp_children" violates foreign key constraint "txp_children_parent_id_fkey"',
        details: 'Key (parent_id)=(42) is not present in table "txp_counters".',
        hint: null,
      });
    });
  });

  it('rollback: every request rolls back and tx=commit is ignored; rollback-allow-override honours tx=commit', async () => {
    await setAuthenticatorSettings({ db_tx_end: 'rollback' }, async () => {
      await request('POST', '/txp_children', {}, { id: 998, parent_id: 1 });
      const kept = (await children()).includes(998);
      await sql('delete from public.txp_children');
      return !kept;
    });
    const ignored = await request('POST', '/txp_children', { Prefer: 'tx=commit, return=minimal' }, { id: 4, parent_id: 1 });
    expect(ignored.status).toBe(201);
    expect(ignored.headers['preference-applied']).toBe('return=minimal');
    expect(await children()).toEqual([]);

    await setAuthenticatorSettings({ db_tx_end: 'rollback-allow-override' }, async () => {
      await request('POST', '/txp_children', { Prefer: 'tx=commit' }, { id: 997, parent_id: 1 });
      const kept = (await children()).includes(997);
      await sql('delete from public.txp_children');
      return kept;
    });
    const committed = await request('POST', '/txp_children', { Prefer: 'tx=commit' }, { id: 5, parent_id: 1 });
    expect(committed.headers['preference-applied']).toBe('tx=commit');
    expect(await children()).toEqual([5]);
    await request('POST', '/txp_children', {}, { id: 6, parent_id: 1 });
    expect(await children()).toEqual([5]);
    await sql('delete from public.txp_children');
  });
});

describe('pgrst.db_plan_enabled', () => {
  it("unset: explain() answers 406 PGRST107, PostgREST's answer while plans are disabled", async () => {
    const { error, status } = await db.from('txp_counters').select().explain({ format: 'json' });
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"',
    });
  });

  describe("'true' (read again on notify pgrst, 'reload schema' too)", () => {
    beforeAll(async () => {
      await sql(`alter role authenticator set pgrst.db_plan_enabled = 'true'`);
      await sql(`notify pgrst, 'reload schema'`);
      for (let attempt = 0; attempt < 100 && !(await PLAN_ON()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    });

    it('explain() in JSON and text, with the Content-Type PostgREST gives', async () => {
      const json = await db.from('txp_counters').select().explain({ format: 'json' });
      expect(json.status).toBe(200);
      expect(json.data).toEqual([{ Plan: expect.objectContaining({ 'Node Type': 'Aggregate' }) }]);
      const text = await db.from('txp_counters').select().explain();
      expect(text.data).toMatch(/^Aggregate {2}\(cost=/);

      const raw = await request('GET', '/txp_counters?id=eq.1', { Accept: 'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=analyze|verbose' });
      expect(raw.status).toBe(200);
      expect(raw.headers['content-type']).toBe('application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8');
      expect(raw.body).toMatch(/actual time=.*\n/);
      expect(raw.body).toMatch(/Execution Time: /);
      expect(raw.body.endsWith('\n')).toBe(true);
    });

    it('explains with verbose and settings (JSON), a function call and a write', async () => {
      const verbose = await db.from('txp_counters').select().explain({ verbose: true, settings: true, format: 'json' });
      expect(verbose.data).toEqual([expect.objectContaining({ Plan: expect.objectContaining({ Output: expect.any(Array) }), Settings: expect.any(Object) })]);
      expect((await db.rpc('txp_bump', { p_id: 2 }).explain({ format: 'json' })).data).toEqual([{ Plan: expect.any(Object) }]);
      expect(await counter(2)).toBe(0);
      const write = await db.from('txp_children').insert({ id: 7, parent_id: 2 }).explain({ format: 'json' });
      expect(write).toMatchObject({ status: 200, data: [{ Plan: expect.objectContaining({ Plans: expect.any(Array) }) }] });
      // Without analyze the write never ran.
      expect(await children()).toEqual([]);
    });

    it('a plan for a media type this server does not produce is 406', async () => {
      const response = await request('GET', '/txp_counters', { Accept: 'application/vnd.pgrst.plan+json; for="application/geo+json"' });
      expectError(response, 406, {
        code: 'PGRST107',
        message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/geo+json"',
        details: null,
        hint: null,
      });
    });
  });
});
