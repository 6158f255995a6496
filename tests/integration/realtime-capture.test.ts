// Change capture of the Realtime API: the LISTEN connection comes back after Postgres drops it,
// and tables added to (or removed from) the publication get (or lose) their capture trigger when
// the schema reload notification arrives.
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, sql } from './helpers.ts';
import { subscribed } from './realtime-helpers.ts';

type Row = Record<string, unknown>;

const SCHEMA = 'sdv_rt_probe';
let service: SupabaseClient;

async function waitFor(condition: () => boolean | Promise<boolean>, label: string, timeoutMs = 8000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function subscribe(table: string, schema: string, events: RealtimePostgresChangesPayload<Row>[]): Promise<() => Promise<void>> {
  const channel = service.channel(`capture-${table}-${Date.now()}`);
  channel.on('postgres_changes', { event: '*', schema, table } as never, (payload: RealtimePostgresChangesPayload<Row>) => {
    events.push(payload);
  });
  await subscribed(channel);
  return async () => {
    await channel.unsubscribe();
  };
}

beforeAll(() => {
  service = serviceClient();
});

afterAll(async () => {
  await service.removeAllChannels();
  service.realtime.disconnect();
  await sql(`drop schema if exists ${SCHEMA} cascade`);
});

describe('change capture', () => {
  it('keeps delivering after the LISTEN connection is terminated by the server', async () => {
    const events: RealtimePostgresChangesPayload<Row>[] = [];
    const stop = await subscribe('conversations', 'public', events);
    const listeners = async (): Promise<string[]> =>
      (await sql<{ pid: string }>("select pid::text from pg_stat_activity where application_name = 'sdv-local-realtime'")).map((r) => r.pid);
    const before = await listeners();
    expect(before.length).toBeGreaterThanOrEqual(1);
    await sql("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sdv-local-realtime'");
    await waitFor(async () => {
      const now = await listeners();
      return now.length >= 1 && now.every((pid) => !before.includes(pid));
    }, 'new LISTEN connections');

    const id = '70000000-0000-4000-8000-000000000200';
    const marker = `sau khi kết nối lại ${Date.now()}`;
    await sql('update public.conversations set last_message = $2 where id = $1', [id, marker]);
    await waitFor(() => events.some((e) => (e.new as Row).last_message === marker), 'event after reconnect');
    await stop();
  });

  it('installs a trigger on a table added to the publication, and removes it when the table leaves', async () => {
    await sql(`create schema ${SCHEMA}`);
    await sql(`create table ${SCHEMA}.probe (id int primary key, label text not null)`);
    await sql(`grant usage on schema ${SCHEMA} to service_role`);
    await sql(`grant select on ${SCHEMA}.probe to service_role`);
    await sql(`alter publication supabase_realtime add table ${SCHEMA}.probe`);
    await sql("notify pgrst, 'reload schema'");
    const hasTrigger = async (): Promise<boolean> =>
      (await sql(`select 1 from pg_trigger where tgrelid = '${SCHEMA}.probe'::regclass and tgname = 'sdv_realtime_capture'`)).length === 1;
    await waitFor(hasTrigger, 'capture trigger on the new table');

    const events: RealtimePostgresChangesPayload<Row>[] = [];
    const stop = await subscribe('probe', SCHEMA, events);
    // One statement at a time: the row is read as the subscriber after each commit, so a later
    // statement must not overtake the read of an earlier one.
    await sql(`insert into ${SCHEMA}.probe (id, label) values (1, 'một')`);
    await waitFor(() => events.length === 1, 'INSERT event');
    await sql(`update ${SCHEMA}.probe set label = 'hai' where id = 1`);
    await waitFor(() => events.length === 2, 'UPDATE event');
    await sql(`delete from ${SCHEMA}.probe where id = 1`);
    await waitFor(() => events.length === 3, 'DELETE event');
    expect(events.map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(events[0]?.new).toEqual({ id: 1, label: 'một' });
    expect(events[1]?.new).toEqual({ id: 1, label: 'hai' });
    expect(events[1]?.old).toEqual({ id: 1 });
    expect(events[2]?.old).toEqual({ id: 1 });
    await stop();

    await sql(`alter publication supabase_realtime drop table ${SCHEMA}.probe`);
    await sql("notify pgrst, 'reload schema'");
    await waitFor(async () => !(await hasTrigger()), 'capture trigger removed');
  });
});
