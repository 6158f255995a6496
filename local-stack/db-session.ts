// Runs work in one transaction as the caller's database role with its JWT claims set, the way
// PostgREST and Supabase Storage do, so that row-level security decides every access.
import pg from 'pg';
import type { Claims, DbRole } from './jwt.ts';

export interface RequestInfo {
  method: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
}

export interface SessionOptions {
  role: DbRole;
  claims: Claims;
  readOnly: boolean;
  request?: RequestInfo;
  /** The transaction's search_path, as PostgREST sets it: the request's schema, then `[api] extra_search_path`. */
  searchPath?: readonly string[];
}

/** Statement timeouts of Supabase's roles; SET ROLE does not apply role settings, so we do. */
const ROLE_TIMEOUT: Record<DbRole, string> = { anon: '3s', authenticated: '8s', service_role: '0' };

/**
 * A pool of connections to `url`. `settings` are session settings given at connection start (as
 * `-c name=value`), for the settings a Supabase service keeps on all of its connections.
 */
export function createPool(url: string, max = 20, settings: Record<string, string> = {}): pg.Pool {
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'sdv-local-api',
    ...(options ? { options } : {}),
  });
  // An idle client that loses its server (Postgres restarted) must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs `fn` in one transaction on a pooled connection (opened by the `begin` statement) and
 * commits, or rolls back on any error; a connection whose rollback fails is not reused.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, begin = 'begin'): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin);
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Opens a transaction on a pooled connection, switches to the caller's role, sets
 * `request.jwt.claims`, `request.method`, `request.path`, `request.headers` (transaction-local),
 * runs `fn`, and commits (or rolls back on any error). The `begin` and the settings go to Postgres
 * as one simple-query message (values escaped as literals by pg): one round trip instead of two per
 * request (docs/architecture.md#local-stack).
 */
export async function withRoleTransaction<T>(pool: pg.Pool, options: SessionOptions, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(pool, fn, `${options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed'}; ${roleSettings(options)}`);
}

/** The select that applies a request's role, claims, request information, timeout and search_path. */
export function roleSettings(options: SessionOptions): string {
  const literal = (value: string): string => pg.escapeLiteral(value);
  const searchPath = options.searchPath ? options.searchPath.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ') : null;
  return [
    `select set_config('role', ${literal(options.role)}, true)`,
    `set_config('request.jwt.claims', ${literal(JSON.stringify(options.claims))}, true)`,
    `set_config('request.method', ${literal(options.request?.method ?? '')}, true)`,
    `set_config('request.path', ${literal(options.request?.path ?? '')}, true)`,
    `set_config('request.headers', ${literal(JSON.stringify(options.request?.headers ?? {}))}, true)`,
    `set_config('statement_timeout', ${literal(ROLE_TIMEOUT[options.role])}, true)`,
    ...(searchPath === null ? [] : [`set_config('search_path', ${literal(searchPath)}, true)`]),
  ].join(', ');
}
