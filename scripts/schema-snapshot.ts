// `npm run schema:snapshot`: applies the bootstrap and every migration of supabase/migrations to a
// fresh throwaway embedded database (.data-snapshot, port 61722 + SDV_PORT_OFFSET, no seed) and
// prints a normalised text snapshot of what the migrations define: schemas, default privileges,
// extensions, tables with columns, types, defaults, constraints, indexes, grants and RLS, policies,
// triggers, functions (full definition, volatility, security, configuration, ACL), the realtime
// publication and the storage buckets. Two snapshots compare with `diff`: the way to prove that a
// rewrite of the migrations leaves the schema as it was (docs/database.md#migrations).
//
//   npm run --silent schema:snapshot > before.txt
//   npm run --silent schema:snapshot -- --out after.txt
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { defaultPort } from '../local-stack/config.ts';
import { readCatalogue, type Catalogue } from './lib/catalogue.ts';
import { startThrowawayDatabase } from './lib/throwaway-db.ts';

const DATA_DIR = '.data-snapshot';
const PORT = Number.parseInt(process.env.SNAPSHOT_DB_PORT ?? defaultPort(61722), 10);

export function renderSnapshot(catalogue: Catalogue): string {
  const out: string[] = [];
  const section = (title: string, lines: string[]): void => {
    out.push(`## ${title}`, ...lines, '');
  };
  section('schemas', catalogue.schemas.map((s) => `${s.name} ${s.acl ?? ''}`));
  section('default privileges', catalogue.defaultAcls);
  section('extensions', catalogue.extensions);
  for (const t of catalogue.tables) {
    const lines = [`rls ${t.rls}`, `comment ${JSON.stringify(t.comment)}`];
    for (const c of t.columns) {
      lines.push(
        `column ${c.name} ${c.type}${c.notNull ? ' not null' : ''}` +
          (c.default === null ? '' : ` default ${c.default}`) +
          (c.generated === null ? '' : ` generated ${c.generated}`) +
          (c.comment === null ? '' : ` comment ${JSON.stringify(c.comment)}`),
      );
    }
    for (const c of t.constraints) lines.push(`constraint ${c.name} ${c.type} ${c.definition}`);
    for (const i of t.indexes) lines.push(`index ${i.definition}`);
    for (const [role, privileges] of Object.entries(t.grants)) lines.push(`grant ${role} ${[...privileges].sort().join(',')}`);
    for (const [role, byPrivilege] of Object.entries(t.columnGrants)) {
      for (const [privilege, cols] of Object.entries(byPrivilege)) lines.push(`column grant ${role} ${privilege} (${cols.join(', ')})`);
    }
    section(`table ${t.schema}.${t.name}`, lines);
  }
  section(
    'policies',
    catalogue.policies.map(
      (p) =>
        `${p.schema}.${p.table} ${p.name} ${p.permissive ? 'permissive' : 'restrictive'} ${p.command} to ${p.roles.join(',')}` +
        ` using (${p.using ?? ''}) check (${p.withCheck ?? ''})`,
    ),
  );
  section('triggers', catalogue.triggers.map((t) => t.definition));
  for (const f of catalogue.functions) {
    section(`function ${f.schema}.${f.name}(${f.identityArguments})`, [
      `acl ${f.acl ?? '(default)'}`,
      `comment ${JSON.stringify(f.comment)}`,
      ...f.definition.trimEnd().split('\n'),
    ]);
  }
  section('publication supabase_realtime', catalogue.publication);
  section(
    'buckets',
    catalogue.buckets.map((b) => `${b.id} public=${b.public} limit=${b.fileSizeLimit ?? ''} mime=${b.mimeTypes ?? ''}`),
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const outIndex = process.argv.indexOf('--out');
  const outFile = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  const db = await startThrowawayDatabase({ dataDir: DATA_DIR, port: PORT });
  let text: string;
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      text = renderSnapshot(await readCatalogue(client));
    } finally {
      await client.end();
    }
  } finally {
    await db.stop();
  }
  if (outFile) await writeFile(outFile, text);
  else process.stdout.write(text);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
