// The difference between the database supabase/migrations give and the one the declarative
// schemas give (supabase/schemas), as a migration: used by `npm run db:diff` (scripts/db-diff.ts)
// and `npm run check:schemas` (scripts/check-schemas.ts). How it works: scripts/db-diff.ts.
import pg from 'pg';
import { plan, renderPlanFiles, resolveProfile, supabaseProfile, type Diagnostic } from '@supabase/pg-delta';
import { defaultPort } from '../../local-stack/config.ts';
import { platformUrl, withClient } from '../../local-stack/db.ts';
import { aclStatements, policyStatements, readAcls, readPlatformPolicies } from './catalogue-reconcile.ts';
import { compareSnapshots, snapshotOf } from './schema-snapshot.ts';
import { listSchemaFiles } from './schema-files.ts';
import { startThrowawayDatabase, type ThrowawayDatabase } from './throwaway-db.ts';

export const MIGRATIONS_PORT = Number.parseInt(process.env.DB_DIFF_MIGRATIONS_PORT ?? defaultPort(61633), 10);
export const SCHEMAS_PORT = Number.parseInt(process.env.DB_DIFF_SCHEMAS_PORT ?? defaultPort(61644), 10);

/**
 * Extraction diagnostics that are expected on every Supabase database and say nothing about our
 * schema: generated columns' expressions (pg-delta reports their edges as dangling) and the
 * platform's GRANT SET ON PARAMETER (bootstrap.sql), a kind pg-delta does not model.
 */
function isPlatformNoise(d: Diagnostic): boolean {
  return d.code === 'dangling_edge' || (d.code === 'unmodeled_kind' && /parameter ACL/.test(d.message));
}

export interface DiffResult {
  /** pg-delta's part of the migration (empty when it sees no difference). */
  pgDeltaSql: string;
  /** Statements appended from the catalogues (privileges, platform policies). */
  extraSql: string[];
  /** What differs after both were applied to the migrations' database (snapshot comparison). */
  remaining: string[];
  /** pg-delta's destructive actions (drops, rewrites), for a warning. */
  destructive: string[];
  /** pg-delta's diagnostics other than the platform's known ones. */
  diagnostics: string[];
}

async function planWithPgDelta(sourceUrl: string, desiredUrl: string): Promise<Pick<DiffResult, 'pgDeltaSql' | 'destructive' | 'diagnostics'>> {
  // As `postgres`, the role that applies migrations: pg-delta plans for the role it connects as.
  const source = new pg.Pool({ connectionString: platformUrl(sourceUrl, 'postgres'), max: 2 });
  const desired = new pg.Pool({ connectionString: platformUrl(desiredUrl, 'postgres'), max: 2 });
  try {
    const profile = await resolveProfile(source, supabaseProfile);
    const [from, to] = await Promise.all([profile.extract(source), profile.extract(desired)]);
    const diagnostics = [...from.diagnostics, ...to.diagnostics]
      .filter((d) => !isPlatformNoise(d))
      .map((d) => `${d.severity} ${d.code}: ${d.message}`);
    const thePlan = plan(from.factBase, to.factBase, { ...profile.planOptions, renames: 'off' });
    const destructive = thePlan.actions.filter((a) => a.verb === 'drop' || a.dataLoss === 'destructive').map((a) => a.sql);
    const rendered = renderPlanFiles(thePlan, { allowDrops: true });
    if (rendered.files.some((file) => !file.transactional)) {
      throw new Error('pg-delta planned a statement that cannot run in a transaction; migrations run in one. Write this migration by hand.');
    }
    const sql = rendered.files.map((file) => file.contents.trim()).join('\n\n');
    return { pgDeltaSql: withPortablePrivileges(sql), destructive, diagnostics: [...new Set(diagnostics)] };
  } finally {
    await Promise.all([source.end(), desired.end()]);
  }
}

/**
 * pg-delta lists every privilege of a table by name, MAINTAIN included, which PostgreSQL 15 does
 * not know (scripts/check-pg15.sh applies the migrations there): that list is written `ALL`.
 */
export function withPortablePrivileges(sql: string): string {
  return sql.replace(/\b(GRANT|REVOKE) DELETE, INSERT, MAINTAIN, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE\b/g, '$1 ALL ON TABLE');
}

/** Runs `sql` on the database of `url` as `postgres`, in one transaction. */
async function applyAsPostgres(url: string, sql: string): Promise<void> {
  await withClient(platformUrl(url, 'postgres'), async (client) => {
    try {
      await client.query('begin');
      await client.query(sql);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

/** Plans, completes and proves the migration from the database `migrationsUrl` to `schemasUrl`. */
export async function diffDatabases(migrationsUrl: string, schemasUrl: string): Promise<DiffResult> {
  const planned = await planWithPgDelta(migrationsUrl, schemasUrl);
  if (planned.pgDeltaSql !== '') {
    try {
      await applyAsPostgres(migrationsUrl, planned.pgDeltaSql);
    } catch (error) {
      throw new Error(`pg-delta's migration does not apply to the migrations' database: ${error instanceof Error ? error.message : String(error)}\n${planned.pgDeltaSql}`, { cause: error });
    }
  }
  const [aclsNow, aclsWanted, policiesNow, policiesWanted] = await Promise.all([
    withClient(migrationsUrl, readAcls),
    withClient(schemasUrl, readAcls),
    withClient(migrationsUrl, readPlatformPolicies),
    withClient(schemasUrl, readPlatformPolicies),
  ]);
  const extraSql = [...policyStatements(policiesNow, policiesWanted), ...aclStatements(aclsNow, aclsWanted)];
  if (extraSql.length > 0) await applyAsPostgres(migrationsUrl, extraSql.join('\n'));
  const [now, wanted] = await Promise.all([withClient(migrationsUrl, snapshotOf), withClient(schemasUrl, snapshotOf)]);
  const remaining = compareSnapshots(now, wanted);
  if (remaining.length === 0 && now !== wanted) remaining.push('(the same entries in another order)');
  return { ...planned, extraSql, remaining };
}

export function migrationText(result: DiffResult, name: string): string {
  const parts = [
    `-- ${name}: generated by \`npm run db:diff -- ${name}\` from supabase/schemas (docs/database.md#declarative-schemas).`,
    '-- Review it before committing it with the schema change.',
  ];
  if (result.pgDeltaSql !== '') parts.push('', result.pgDeltaSql);
  if (result.extraSql.length > 0) {
    parts.push('', '-- Not generated by pg-delta (privileges, policies on the platform\'s tables): written by scripts/db-diff.ts.', ...result.extraSql);
  }
  if (result.remaining.length > 0) {
    parts.push('', '-- TODO: still differs from supabase/schemas (write it by hand, then run `npm run db:diff -- --check`):',
      ...result.remaining.map((line) => `--   ${line}`));
  }
  return parts.join('\n') + '\n';
}

/** A migration version later than every existing one: the current UTC time as YYYYMMDDHHMMSS. */
export function nextVersion(existing: string[], now = new Date()): string {
  let version = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const latest = existing.sort().at(-1);
  if (latest !== undefined && version <= latest) {
    const t = latest.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3T$4:$5:$6Z');
    version = new Date(Date.parse(t) + 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  }
  return version;
}


/**
 * Starts the two throwaway databases (migrations, schema files), diffs them and stops them.
 * `log` hears what is being done.
 */
export async function computeSchemaDiff(log: (line: string) => void = () => undefined): Promise<DiffResult> {
  const schemaFiles = await listSchemaFiles();
  if (schemaFiles.length === 0) throw new Error('No schema file: [db.migrations] schema_paths of supabase/config.toml names none.');
  log(`Starting two throwaway databases (ports ${MIGRATIONS_PORT} and ${SCHEMAS_PORT}): supabase/migrations and ${schemaFiles.length} schema files …`);
  let migrationsDb: ThrowawayDatabase | undefined;
  let schemasDb: ThrowawayDatabase | undefined;
  try {
    const started = await Promise.allSettled([
      startThrowawayDatabase({ dataDir: `.data-diff-migrations-${MIGRATIONS_PORT}`, port: MIGRATIONS_PORT }),
      startThrowawayDatabase({ dataDir: `.data-diff-schemas-${SCHEMAS_PORT}`, port: SCHEMAS_PORT, sqlFiles: schemaFiles }),
    ]);
    if (started[0].status === 'fulfilled') migrationsDb = started[0].value;
    if (started[1].status === 'fulfilled') schemasDb = started[1].value;
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    return await diffDatabases(migrationsDb!.url, schemasDb!.url);
  } finally {
    await Promise.all([migrationsDb?.stop(), schemasDb?.stop()]);
  }
}

/** True when the migrations and the schema files do not give the same database. */
export function hasDifference(result: DiffResult): boolean {
  return result.pgDeltaSql !== '' || result.extraSql.length > 0 || result.remaining.length > 0;
}

/**
 * Prints the outcome of a check (pg-delta's diagnostics, then ✓ or the missing migration) and
 * answers whether the migrations and the schema files give the same database.
 */
export function reportCheck(result: DiffResult): boolean {
  for (const line of result.diagnostics) console.error(`pg-delta: ${line}`);
  if (!hasDifference(result)) {
    console.log('✓ supabase/migrations and supabase/schemas give the same database.');
    return true;
  }
  console.error('✗ supabase/schemas differ from supabase/migrations. The migration that is missing:\n');
  console.error(migrationText(result, 'schema_change'));
  console.error('Run `npm run db:diff -- <name>` and commit the migration it writes with the schema change (docs/database.md#declarative-schemas).');
  return false;
}
