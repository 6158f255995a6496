// `npm run advisors`: Supabase's database linter (splinter, via `supabase db advisors`) on a fresh
// throwaway embedded database (.data-advisors, port 61622) with every migration applied.
// Fails on any security finding, on any WARN / ERROR performance finding, and on the performance
// lints we keep at zero whatever their level (auth_rls_initplan, multiple_permissive_policies,
// unindexed_foreign_keys, duplicate_index). INFO findings such as unused_index (every index is
// unused on an empty database) are listed but do not fail. The linter connects as `postgres`, the
// non-superuser role the Supabase CLI uses on a project (docs/architecture.md#the-platform-mirror).
import { defaultPort } from '../local-stack/config.ts';
import { platformUrl } from '../local-stack/db.ts';
import { isFailure, parseFindings, type Finding } from './lib/advisor-findings.ts';
import { runSupabaseCli } from './lib/supabase-cli.ts';
import { startThrowawayDatabase } from './lib/throwaway-db.ts';
import { runMain } from './lib/run-main.ts';

const DATA_DIR = '.data-advisors';
const PORT = Number.parseInt(process.env.ADVISORS_DB_PORT ?? defaultPort(61622), 10);


async function main(): Promise<number> {
  const url = process.argv.find((arg) => arg.startsWith('--db-url='))?.slice('--db-url='.length);
  let stop: (() => Promise<void>) | null = null;
  let target = url;
  if (!target) {
    console.log(`Creating a throwaway database (${DATA_DIR}, port ${PORT}) and applying migrations …`);
    const db = await startThrowawayDatabase({ dataDir: DATA_DIR, port: PORT });
    target = platformUrl(db.url, 'postgres');
    stop = db.stop;
  }
  let findings: Finding[];
  try {
    const result = await runSupabaseCli(['db', 'advisors', `--remote=${target}`, '--type', 'all', '--level', 'info', '-o', 'json']);
    if (result.code !== 0) {
      throw new Error(`supabase db advisors failed (exit code ${result.code}):\n${result.stderr.trim()}\n${result.stdout.trim()}`);
    }
    findings = parseFindings(result.stdout);
  } finally {
    if (stop) await stop();
  }

  const failures = findings.filter(isFailure);
  const counts = new Map<string, number>();
  for (const f of findings) {
    const key = `${f.level} ${f.categories.join('/')} ${f.name}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`supabase db advisors --type all: ${findings.length} findings`);
  for (const [key, count] of [...counts.entries()].sort()) console.log(`  ${key}: ${count}`);
  if (failures.length > 0) {
    console.error(`\n✗ ${failures.length} issues to fix:`);
    for (const f of failures) {
      console.error(`  [${f.level}] ${f.categories.join('/')} ${f.name}: ${f.detail}`);
      if (f.remediation) console.error(`      ${f.remediation}`);
    }
    return 1;
  }
  console.log('✓ No security issues, no performance warnings at WARN/ERROR level.');
  return 0;
}

runMain(main);
