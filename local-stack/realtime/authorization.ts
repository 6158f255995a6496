// Authorisation of private channels (`config.private = true`) the way Supabase Realtime does it:
// RLS policies on realtime.messages decide, evaluated as the subscriber (its role and JWT claims)
// with `realtime.topic()` returning the channel's topic. Reading (join, receive) = the SELECT
// policies let the subscriber see a probe row of the topic for the extension (broadcast, presence);
// writing (send a broadcast, track presence) = the INSERT policies accept such a row. Nothing is
// ever kept: every check runs in a transaction that is rolled back.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Claims, DbRole } from '../jwt.ts';

export type Extension = 'broadcast' | 'presence';

export interface Subscriber {
  role: DbRole;
  claims: Claims;
}

/** Statement timeout of a policy check (a policy that hangs must not hold the pool). */
const CHECK_TIMEOUT = '5s';

async function inRolledBackTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin isolation level read committed');
    await client.query(`select set_config('statement_timeout', $1, true)`, [CHECK_TIMEOUT]);
    return await fn(client);
  } finally {
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    client.release(broken);
  }
}

/** Sets the subscriber's role, claims and the topic as Realtime does before evaluating policies. */
async function actAs(client: pg.PoolClient, subscriber: Subscriber, topic: string): Promise<void> {
  await client.query(
    `select set_config('role', $1, true),
            set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true),
            set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true)`,
    [subscriber.role, topic, JSON.stringify(subscriber.claims), typeof subscriber.claims.sub === 'string' ? subscriber.claims.sub : ''],
  );
}

/**
 * Which extensions the subscriber may read on the topic: probe rows are written (as the service
 * role, which bypasses RLS), then selected as the subscriber; the rows it can see are the
 * extensions it may read.
 */
export async function readPolicies(pool: pg.Pool, subscriber: Subscriber, topic: string, extensions: readonly Extension[]): Promise<Map<Extension, boolean>> {
  const probes = extensions.map((extension) => ({ extension, id: randomUUID() }));
  return inRolledBackTransaction(pool, async (client) => {
    await client.query('set local role service_role');
    await client.query(
      `insert into realtime.messages (id, topic, extension)
       select id, $1, extension from unnest($2::uuid[], $3::text[]) as p(id, extension)`,
      [topic, probes.map((p) => p.id), probes.map((p) => p.extension)],
    );
    await client.query('reset role');
    await actAs(client, subscriber, topic);
    const { rows } = await client.query<{ id: string }>('select id from realtime.messages where id = any($1::uuid[])', [probes.map((p) => p.id)]);
    const visible = new Set(rows.map((row) => row.id));
    return new Map(probes.map((p) => [p.extension, visible.has(p.id)]));
  });
}

/** Whether the INSERT policies let the subscriber write a message of the extension on the topic. */
export async function writePolicy(pool: pg.Pool, subscriber: Subscriber, topic: string, extension: Extension): Promise<boolean> {
  return inRolledBackTransaction(pool, async (client) => {
    await actAs(client, subscriber, topic);
    try {
      await client.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return false;
      throw error;
    }
  });
}
