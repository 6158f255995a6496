// `npm run schema:snapshot`: applies the bootstrap and every migration of supabase/migrations to a
// fresh throwaway embedded database (.data-snapshot, port 61577 + SDV_PORT_OFFSET, no seed) and
// prints a normalised text snapshot of what the migrations define: schemas (owner, ACL, comment),
// default privileges, extensions, tables (owner, RLS and forced RLS, replica identity, options,
// columns in their order with types, defaults, generated expressions, identity, collation and
// comments, constraints and indexes with their comments, grants and column grants), the rows the
// migrations leave in them, views, sequences, types, collations, statistics objects, rules,
// policies, triggers (enabled state, comments), functions (full definition with volatility,
// security, configuration; ACL, owner, comment), other routines, event triggers, the realtime
// publication and the storage buckets. Two snapshots compare section by section: the way to prove
// that a rewrite of the migrations leaves the schema as it was (docs/database.md#migrations).
//
// The snapshot of the current migrations is committed as supabase/schema.snapshot.txt, and
// `npm run check:schema` (`--check`) fails when the migrations produce anything else: a change of
// the schema updates that file in the same commit, reviewed in the diff.
//
//   npm run --silent schema:snapshot > before.txt
//   npm run --silent schema:snapshot -- --out after.txt
//   npm run --silent schema:snapshot -- --compare before.txt after.txt   (sections added, removed,
//     changed with their differing lines; exit 1 when any differs)
//   npm run --silent schema:snapshot -- --check [file]   (the migrations against the committed
//     snapshot, supabase/schema.snapshot.txt unless a file is given; exit 1 when they differ)
//   npm run --silent schema:snapshot -- --out supabase/schema.snapshot.txt   (after a schema change)
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultPort, ROOT_DIR } from '../local-stack/config.ts';
import { readMigratedDatabase } from './lib/catalogue.ts';
import { compareSnapshots, snapshotOf } from './lib/schema-snapshot.ts';

const DATA_DIR = '.data-snapshot';
const PORT = Number.parseInt(process.env.SNAPSHOT_DB_PORT ?? defaultPort(61577), 10);
const COMMITTED = path.join(ROOT_DIR, 'supabase', 'schema.snapshot.txt');

async function snapshotOfMigrations(): Promise<string> {
  return readMigratedDatabase(DATA_DIR, PORT, snapshotOf);
}

async function main(): Promise<number> {
  const compareIndex = process.argv.indexOf('--compare');
  if (compareIndex >= 0) {
    const [beforeFile, afterFile] = process.argv.slice(compareIndex + 1, compareIndex + 3);
    if (!beforeFile || !afterFile) throw new Error('--compare needs two files: before and after.');
    const lines = compareSnapshots(await readFile(beforeFile, 'utf8'), await readFile(afterFile, 'utf8'));
    console.log(lines.length === 0 ? 'The two schema snapshots are identical.' : lines.join('\n'));
    return lines.length === 0 ? 0 : 1;
  }
  const checkIndex = process.argv.indexOf('--check');
  if (checkIndex >= 0) {
    const given = process.argv[checkIndex + 1];
    const file = given && !given.startsWith('--') ? path.resolve(given) : COMMITTED;
    const relative = path.relative(ROOT_DIR, file);
    const committed = await readFile(file, 'utf8');
    const current = await snapshotOfMigrations();
    const lines = compareSnapshots(committed, current);
    if (lines.length === 0 && committed === current) {
      console.log(`✓ supabase/migrations give the schema of ${relative}.`);
      return 0;
    }
    console.error(`✗ supabase/migrations give another schema than ${relative} (- in the file, + from the migrations):`);
    console.error(lines.length > 0 ? lines.join('\n') : '  (only the order of the entries differs)');
    console.error(
      'If the change is intended: `npm run schema:snapshot -- --out supabase/schema.snapshot.txt`, then commit that file with the migration (review its diff).',
    );
    return 1;
  }
  const outIndex = process.argv.indexOf('--out');
  const outFile = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  const text = await snapshotOfMigrations();
  if (outFile) await writeFile(outFile, text);
  else process.stdout.write(text);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
