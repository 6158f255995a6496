// `npm run db:diff`: the difference between the database supabase/migrations give and the one the
// declarative schemas give (supabase/schemas, docs/database.md#declarative-schemas), as a migration.
//
//   npm run db:diff -- <name>     writes supabase/migrations/<timestamp>_<name>.sql (nothing when
//                                 there is no difference)
//   npm run db:diff               prints that migration without writing it
//   npm run db:diff -- --check    exit 1 and print the difference when there is one (CI)
//
// Two throwaway embedded servers start side by side (on ports 61633 and 61644, both +
// SDV_PORT_OFFSET; DB_DIFF_MIGRATIONS_PORT / DB_DIFF_SCHEMAS_PORT choose others; data in
// .data-diff-migrations-<port> and .data-diff-schemas-<port>, deleted afterwards, so that runs with
// other offsets never share a folder), each with Supabase's platform (local-stack/bootstrap.sql);
// one gets the migrations, the other the schema files in the order `[db.migrations] schema_paths`
// gives, both as `postgres`. @supabase/pg-delta (the Supabase CLI's diff engine, profile `supabase`) plans the
// migration from the first to the second. What pg-delta does not generate (privileges revoked from
// the API roles on objects it creates, policies on storage.objects: scripts/lib/catalogue-reconcile.ts)
// is appended from the two catalogues. The result is then proved: applied to the migrations'
// database, which must then give the same schema snapshot as the schemas' database
// (scripts/lib/schema-snapshot.ts: every section of `npm run schema:snapshot`, the rows the files
// leave included). What still differs cannot be generated (rows, …): it is printed, to be written
// into the migration by hand, and the run fails.
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../local-stack/config.ts';
import { computeSchemaDiff, hasDifference, migrationText, nextVersion, reportCheck } from './lib/db-diff.ts';
import { runMain } from './lib/run-main.ts';
import { SUPABASE_DIR } from './lib/schema-files.ts';

const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations');

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const name = args.find((arg) => !arg.startsWith('--'));
  if (name !== undefined && !/^[a-z0-9][a-z0-9_]*$/.test(name)) {
    throw new Error(`Migration name "${name}": lower-case letters, digits and _ only.`);
  }
  const result = await computeSchemaDiff((line) => console.error(line));

  if (check) return reportCheck(result) ? 0 : 1;
  for (const line of result.diagnostics) console.error(`pg-delta: ${line}`);
  if (!hasDifference(result)) {
    console.log('✓ supabase/migrations and supabase/schemas give the same database: no migration to write.');
    return 0;
  }
  for (const sql of result.destructive) console.error(`⚠ destructive: ${sql.split('\n')[0]}`);
  const label = name ?? 'schema_change';
  if (name === undefined) {
    process.stdout.write(migrationText(result, label));
    return result.remaining.length > 0 ? 1 : 0;
  }
  const versions = existsSync(MIGRATIONS_DIR)
    ? (await readdir(MIGRATIONS_DIR)).map((f) => /^(\d+)_/.exec(f)?.[1]).filter((v): v is string => v !== undefined)
    : [];
  const file = path.join(MIGRATIONS_DIR, `${nextVersion(versions)}_${name}.sql`);
  await writeFile(file, migrationText(result, name));
  console.log(`✓ wrote ${path.relative(ROOT_DIR, file)}`);
  if (result.remaining.length > 0) {
    console.error('✗ pg-delta and the catalogue comparison could not generate all of it; still differing (see the TODO at the end of the file):');
    console.error(result.remaining.join('\n'));
    return 1;
  }
  return 0;
}

runMain(main);
