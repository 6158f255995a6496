// `npm run check:schemas`: the declarative schemas (supabase/schemas, docs/database.md#declarative-schemas)
// hold what the migrations give, each object once.
//   1. No function, policy, trigger or view is created twice in the schema files (read from the
//      text: CREATE [OR REPLACE] FUNCTION name(args), CREATE POLICY name ON table, CREATE TRIGGER
//      name … ON table, CREATE [OR REPLACE] VIEW name; scripts/lib/schema-definitions.ts), so
//      each file shows what runs.
//   2. `npm run db:diff -- --check`: supabase/migrations give the same database as the schema files
//      (a schema change committed without its migration, or the reverse, fails).
//
//   npm run check:schemas                       both
//   npm run check:schemas -- --definitions-only  only 1 (no database; `npm test` runs 2 as its own step)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../local-stack/config.ts';
import { computeSchemaDiff, reportCheck } from './lib/db-diff.ts';
import { runMain } from './lib/run-main.ts';
import { findDuplicateDefinitions, type Definition } from './lib/schema-definitions.ts';
import { listSchemaFiles } from './lib/schema-files.ts';

export function describeDuplicates(duplicates: Map<string, Definition[]>): string[] {
  return [...duplicates].map(([key, places]) => `  ${key}: ${places.map((p) => `${p.file}:${p.line}`).join(', ')}`);
}

async function checkDefinitions(): Promise<boolean> {
  const files = await listSchemaFiles();
  const sources = await Promise.all(
    files.map(async (file) => ({ name: path.relative(ROOT_DIR, file), text: await readFile(file, 'utf8') })),
  );
  const duplicates = findDuplicateDefinitions(sources);
  if (duplicates.size > 0) {
    console.error(`✗ created more than once in supabase/schemas (keep one definition, the current one):`);
    console.error(describeDuplicates(duplicates).join('\n'));
    return false;
  }
  console.log(`✓ supabase/schemas: ${files.length} files, each function, policy, trigger and view created once.`);
  return true;
}

async function main(): Promise<number> {
  const definitionsOk = await checkDefinitions();
  if (process.argv.includes('--definitions-only')) return definitionsOk ? 0 : 1;
  const diffOk = reportCheck(await computeSchemaDiff((line) => console.log(line)));
  return definitionsOk && diffOk ? 0 : 1;
}

runMain(main);
