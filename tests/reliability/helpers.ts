// Helpers of the reliability suite: the integration helpers (clients, sql(), raw requests) bound
// to this suite's stack through the same provide/inject keys, plus several admin sessions, a
// seeded PRNG and waits on Postgres' lock queue.
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import { accessTokenOf, createTestUser, dbUrl, signedInClient, sql, uniqueEmail } from '../integration/helpers.ts';

export * from '../integration/helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgDataDir: string;
    storageDir: string;
  }
}

export const pgDataDir = (): string => inject('pgDataDir');
export const storageDir = (): string => inject('storageDir');

export interface AdminSession {
  email: string;
  client: SupabaseClient;
  token: string;
}

const ADMIN_PASSWORD = 'QuanTri@123456';

/** `count` distinct admin accounts, each signed in with its own session. */
export async function adminSessions(count: number): Promise<AdminSession[]> {
  const sessions: AdminSession[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = uniqueEmail(`admin${i}`);
    await createTestUser(email, ADMIN_PASSWORD, { admin: true });
    const client = await signedInClient(email, ADMIN_PASSWORD);
    sessions.push({ email, client, token: await accessTokenOf(client) });
  }
  return sessions;
}

/** A dedicated superuser connection (to hold locks across statements). */
export async function directClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  return client;
}

/** Waits until at least `count` API sessions wait on a lock (so the interleaving is the intended one). */
export async function waitForLockWaiters(count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where application_name = 'sdv-local-api' and wait_event_type = 'Lock'",
    );
    if ((row?.n ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${row?.n ?? 0} of ${count} API sessions are waiting on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** mulberry32: a small seeded PRNG, so that a fuzz run can be replayed from its printed seed. */
export { prng } from '../../scripts/lib/prng.ts';

/** A new provider (auth user + profile through the sync trigger) with the given balance; returns its id. */
export async function createProvider(balance = 0): Promise<string> {
  const id = await createTestUser(uniqueEmail('tho'), 'Tho@123456', { role: 'provider' });
  await sql("update public.profiles set role = 'provider', deposit = $2, status = 'active' where id = $1", [id, balance]);
  return id;
}
