// `npm run test:db`: the pgTAP suite of supabase/tests/*.sql, run with pg_prove against a fresh
// database that has the Supabase bootstrap, every migration and the seed applied. pg_prove connects
// as `postgres`, the non-superuser role of Supabase's platform (docs/architecture.md#the-platform-mirror),
// as the migrations and the seed ran.
//
//   npm run test:db                                  every file, sorted
//   npm run test:db -- supabase/tests/030-x.sql      only these files (000-setup.sql is always added)
//   npm run test:db -- --verbose                     any other argument is passed on to pg_prove
//
// Database: the embedded PostgreSQL 17 of the test profile (SDV_PROFILE=test, data in .data-test,
// which is wiped first; SDV_DATA_DIR / DB_PORT choose another folder and port, which is then kept),
// or the server of DATABASE_URL. Either way the suite runs in a new, empty database created for
// this run and dropped afterwards (SDV_KEEP_TEST_DB=1 keeps it for inspection).
// pgTAP: Debian's package (apt-get install postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl)
// is plain SQL; its extension files are copied into the embedded server's extension folder when
// missing. PGTAP_DIR names another folder holding pgtap.control and pgtap--*.sql.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, readdir, rename, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, ROOT_DIR } from '../local-stack/config.ts';
import { describePgError, platformUrl, prepareDatabase, redact, startDatabase, withClient, type DatabaseHandle } from '../local-stack/db.ts';
import { runMain } from './lib/run-main.ts';

process.env.SDV_PROFILE = 'test';

const TESTS_DIR = path.join(ROOT_DIR, 'supabase', 'tests');
const SETUP_FILE = '000-setup.sql';
const INSTALL_HINT = 'apt-get install -y postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl';

class TestDbError extends Error {}

function log(line: string): void {
  console.log(line);
}

/** Folders where a distribution installs pgTAP's extension files, newest PostgreSQL first. */
function pgtapSourceDirs(): string[] {
  if (process.env.PGTAP_DIR) return [path.resolve(process.env.PGTAP_DIR)];
  return ['17', '16', '15', '14', '13'].flatMap((version) => [
    `/usr/share/postgresql/${version}/extension`,
    `/usr/pgsql-${version}/share/extension`,
  ]).concat(['/usr/local/share/postgresql/extension', '/opt/homebrew/share/postgresql/extension']);
}

function findPgtapSource(): string | undefined {
  return pgtapSourceDirs().find((dir) => existsSync(path.join(dir, 'pgtap.control')));
}

function commandExists(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

function checkTools(): void {
  if (!commandExists('pg_prove', ['--version'])) {
    throw new TestDbError(`pg_prove not found. Install it: ${INSTALL_HINT}`);
  }
  if (!commandExists('psql', ['--version'])) {
    throw new TestDbError('psql not found (pg_prove needs it). Install it: apt-get install -y postgresql-client');
  }
}

/** Copies pgtap* from the distribution's folder into the server's extension folder when missing. */
async function installPgtapFiles(client: pg.Client, embedded: boolean): Promise<void> {
  const available = await client.query("select 1 from pg_available_extensions where name = 'pgtap'");
  if (available.rowCount !== 0) return;
  if (!embedded) {
    throw new TestDbError(
      `The server of DATABASE_URL has no pgTAP. Install pgTAP for that server (Debian: ${INSTALL_HINT}; elsewhere: the distribution's pgtap package or PGXN).`,
    );
  }
  const source = findPgtapSource();
  if (!source) {
    throw new TestDbError(`pgTAP's extension files (pgtap.control) not found. Install them: ${INSTALL_HINT} (or set PGTAP_DIR).`);
  }
  const shareDir = (await client.query<{ setting: string }>("select setting from pg_config where name = 'SHAREDIR'")).rows[0]?.setting;
  if (!shareDir) throw new TestDbError('Could not read the PostgreSQL server\'s SHAREDIR.');
  const target = path.join(shareDir, 'extension');
  const files = (await readdir(source)).filter((file) => file.startsWith('pgtap') && (file.endsWith('.sql') || file.endsWith('.control')));
  let copied = 0;
  for (const file of files) {
    const destination = path.join(target, file);
    if (existsSync(destination)) continue;
    // Copy then rename, so a concurrent run never sees a half-written file.
    const temporary = `${destination}.${process.pid}.tmp`;
    await copyFile(path.join(source, file), temporary);
    await rename(temporary, destination);
    copied += 1;
  }
  log(`Copied ${copied} pgTAP files from ${source} to ${target}.`);
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Test files to run: every supabase/tests/*.sql sorted, or those named on the command line. */
async function selectFiles(requested: string[]): Promise<string[]> {
  if (!existsSync(TESTS_DIR)) throw new TestDbError('The folder supabase/tests is missing.');
  const all = (await readdir(TESTS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  if (all.length === 0) throw new TestDbError('supabase/tests has no .sql file.');
  if (requested.length === 0) return all.map((file) => path.join(TESTS_DIR, file));
  const chosen = new Set<string>();
  if (all.includes(SETUP_FILE)) chosen.add(path.join(TESTS_DIR, SETUP_FILE));
  for (const file of requested) {
    const absolute = path.resolve(file);
    if (!existsSync(absolute)) throw new TestDbError(`No test file ${file}.`);
    chosen.add(absolute);
  }
  return [...chosen].sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
}

function runPgProve(url: string, files: string[], options: string[]): Promise<number> {
  const args = ['--dbname', url, '--ext', '.sql', '--timer', ...options, ...files.map((file) => path.relative(ROOT_DIR, file))];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_prove', args, { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const argv = process.argv.slice(2);
  const requested = argv.filter((arg) => arg.endsWith('.sql'));
  const proveOptions = argv.filter((arg) => !arg.endsWith('.sql'));
  checkTools();
  const files = await selectFiles(requested);

  const config = loadConfig(process.env);
  const external = config.databaseUrl !== undefined;
  if (!external && !process.env.SDV_DATA_DIR && existsSync(config.dataDir)) {
    // The default test folder belongs to this script: start from nothing.
    if (await portInUse(config.dbPort)) {
      log(`Port ${config.dbPort} is in use; keeping ${path.relative(ROOT_DIR, config.dataDir)} and using the running server.`);
    } else {
      await rm(config.dataDir, { recursive: true, force: true });
    }
  }

  let server: DatabaseHandle | undefined;
  let testUrl: string | undefined;
  let adminUrl: string | undefined;
  const database = `sdv_pgtap_${Date.now().toString(36)}_${process.pid}`;
  const keep = process.env.SDV_KEEP_TEST_DB === '1';

  const cleanup = async (): Promise<void> => {
    if (adminUrl && testUrl && !keep) {
      await withClient(adminUrl, (client) => client.query(`drop database if exists "${database}" with (force)`)).catch((error: unknown) => {
        log(`Could not drop the database ${database}: ${describePgError(error)}`);
      });
    }
    if (server) await server.stop().catch(() => undefined);
  };
  const onSignal = (): void => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    server = await startDatabase(config, log);
    adminUrl = server.url;
    log(`PostgreSQL server: ${redact(adminUrl)}${server.embedded ? ' (embedded)' : ''}`);
    await withClient(adminUrl, async (client) => {
      await installPgtapFiles(client, !external);
      await client.query(`create database "${database}"`);
    });
    testUrl = withDatabase(adminUrl, database);
    log(`New test database: ${database}`);

    const prepared = await prepareDatabase({ ...config, databaseUrl: testUrl }, log);
    log(`Applied ${prepared.applied.length} migration(s)${prepared.seeded ? ' and seed.sql' : ''}.`);
    await withClient(testUrl, async (client) => {
      await client.query('create extension if not exists pgtap with schema extensions');
    });

    log(`Running pg_prove on ${files.length} file(s) as the role postgres (not a superuser) …`);
    const code = await runPgProve(platformUrl(testUrl, 'postgres'), files, proveOptions);
    log(`Total time: ${((Date.now() - started) / 1000).toFixed(1)} s${keep ? ` — kept ${redact(testUrl)}` : ''}`);
    return code;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanup();
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

runMain(main, (error) => `test:db failed: ${error instanceof TestDbError ? error.message : describePgError(error)}`);
