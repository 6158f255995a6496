// `npm run schema:snapshot`: applies the bootstrap and every migration of supabase/migrations to a
// fresh throwaway embedded database (.data-snapshot, port 61577 + SDV_PORT_OFFSET, no seed) and
// prints a normalised text snapshot of what the migrations define: schemas, default privileges,
// extensions, tables with columns, types, defaults, constraints, indexes, grants and RLS, policies,
// triggers, functions (full definition, volatility, security, configuration, ACL), the realtime
// publication and the storage buckets. Two snapshots compare with `diff`: the way to prove that a
// rewrite of the migrations leaves the schema as it was (docs/database.md#migrations).
//
//   npm run --silent schema:snapshot > before.txt
//   npm run --silent schema:snapshot -- --out after.txt
//   npm run --silent schema:snapshot -- --compare before.txt after.txt   (sections added, removed,
//     changed; exit 1 when any differs)
import { readFile, writeFile } from 'node:fs/promises';
import { defaultPort } from '../local-stack/config.ts';
import { catalogueOfMigrations, type Catalogue } from './lib/catalogue.ts';

const DATA_DIR = '.data-snapshot';
const PORT = Number.parseInt(process.env.SNAPSHOT_DB_PORT ?? defaultPort(61577), 10);

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

function sectionsOf(snapshot: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const block of snapshot.split(/^## /m).slice(1)) {
    const newline = block.indexOf('\n');
    sections.set(block.slice(0, newline), block.slice(newline + 1));
  }
  return sections;
}

/** One line per section that differs between two snapshots: added, removed or changed (which part). */
export function compareSnapshots(before: string, after: string): string[] {
  const a = sectionsOf(before);
  const b = sectionsOf(after);
  const lines: string[] = [];
  for (const title of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const x = a.get(title);
    const y = b.get(title);
    if (x === undefined) lines.push(`+ ${title}`);
    else if (y === undefined) lines.push(`- ${title}`);
    else if (x !== y) {
      const [xAcl, xComment, ...xRest] = x.split('\n');
      const [yAcl, yComment, ...yRest] = y.split('\n');
      const parts = title.startsWith('function ')
        ? [xAcl !== yAcl && 'acl', xComment !== yComment && 'comment', xRest.join('\n') !== yRest.join('\n') && 'definition']
        : ['content'];
      lines.push(`~ ${title} (${parts.filter(Boolean).join(', ')})`);
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const compareIndex = process.argv.indexOf('--compare');
  if (compareIndex >= 0) {
    const [beforeFile, afterFile] = process.argv.slice(compareIndex + 1, compareIndex + 3);
    if (!beforeFile || !afterFile) throw new Error('--compare cần hai tệp: trước và sau.');
    const lines = compareSnapshots(await readFile(beforeFile, 'utf8'), await readFile(afterFile, 'utf8'));
    console.log(lines.length === 0 ? 'Hai ảnh chụp lược đồ giống hệt nhau.' : lines.join('\n'));
    process.exitCode = lines.length === 0 ? 0 : 1;
    return;
  }
  const outIndex = process.argv.indexOf('--out');
  const outFile = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  const text = renderSnapshot(await catalogueOfMigrations(DATA_DIR, PORT));
  if (outFile) await writeFile(outFile, text);
  else process.stdout.write(text);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
