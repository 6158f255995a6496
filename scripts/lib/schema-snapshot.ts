// The normalised text snapshot of a database's catalogue (what supabase/migrations or
// supabase/schemas define), and the comparison of two snapshots section by section. Used by
// scripts/schema-snapshot.ts (`npm run schema:snapshot` / `check:schema`) and scripts/db-diff.ts
// (`npm run db:diff`, which compares the database of the migrations with that of the schemas).
import type pg from 'pg';
import { readCatalogue, type Catalogue } from './catalogue.ts';

const OUR_SCHEMAS = ['public', 'private'];

/** What the snapshot reads beyond the shared catalogue (scripts/lib/catalogue.ts). */
export interface Extras {
  /** Lines added at the end of an existing section, by section title (tables). */
  append: Record<string, string[]>;
  /** The owner of each function, by section title. */
  functionOwners: Record<string, string>;
  /** Sections of their own, in order. */
  sections: { title: string; lines: string[] }[];
}

async function lines(client: pg.Client, sql: string, values: unknown[] = [OUR_SCHEMAS]): Promise<string[]> {
  const result = await client.query<{ line: string }>(sql, values);
  return result.rows.map((r) => r.line);
}

export async function readExtras(client: pg.Client): Promise<Extras> {
  const append: Record<string, string[]> = {};
  const add = (title: string, line: string): void => {
    (append[title] ??= []).push(line);
  };

  // Tables: owner, forced RLS, replica identity, options, persistence.
  const tables = await client.query<{ title: string; line: string }>(
    `select 'table ' || n.nspname || '.' || c.relname as title,
            format('owner %s, force rls %s, replica identity %s, persistence %s, options %s',
                   pg_get_userbyid(c.relowner), c.relforcerowsecurity::text, c.relreplident::text, c.relpersistence::text,
                   coalesce(c.reloptions::text, '{}')) as line
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') order by 1`,
    [OUR_SCHEMAS],
  );
  for (const t of tables.rows) add(t.title, t.line);

  // Columns: identity, a collation other than the type's, storage or statistics other than the default.
  const columns = await client.query<{ title: string; line: string }>(
    `select 'table ' || n.nspname || '.' || c.relname as title,
            'column detail ' || a.attname || concat_ws(' ', '',
              case a.attidentity when 'a' then 'identity always' when 'd' then 'identity by default' end,
              case when a.attcollation <> t.typcollation then 'collate ' || co.collname end,
              case when a.attstorage <> t.typstorage then 'storage ' || a.attstorage::text end,
              case when coalesce(a.attstattarget::int, -1) >= 0 then 'statistics ' || a.attstattarget::text end,
              case when a.attcompression <> '' then 'compression ' || a.attcompression::text end) as line
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_collation co on co.oid = a.attcollation
      where n.nspname = any($1) and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and (a.attidentity <> '' or a.attcollation <> t.typcollation or a.attstorage <> t.typstorage
             or coalesce(a.attstattarget::int, -1) >= 0 or a.attcompression <> '')
      order by 1, a.attnum`,
    [OUR_SCHEMAS],
  );
  for (const c of columns.rows) add(c.title, c.line);

  // Comments on constraints and indexes; clustered / replica-identity indexes.
  const objectComments = await client.query<{ title: string; line: string }>(
    `select 'table ' || n.nspname || '.' || c.relname as title,
            'constraint comment ' || k.conname || ' ' || to_json(obj_description(k.oid, 'pg_constraint'))::text as line
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and obj_description(k.oid, 'pg_constraint') is not null
     union all
     select 'table ' || n.nspname || '.' || c.relname,
            'index detail ' || ic.relname || concat_ws(' ', '',
              case when obj_description(ic.oid, 'pg_class') is not null
                   then 'comment ' || to_json(obj_description(ic.oid, 'pg_class'))::text end,
              case when i.indisclustered then 'clustered' end,
              case when i.indisreplident then 'replica identity' end,
              case when ic.reloptions is not null then 'options ' || ic.reloptions::text end)
       from pg_index i join pg_class ic on ic.oid = i.indexrelid
       join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1)
        and (obj_description(ic.oid, 'pg_class') is not null or i.indisclustered or i.indisreplident or ic.reloptions is not null)
      order by 1, 2`,
    [OUR_SCHEMAS],
  );
  for (const c of objectComments.rows) add(c.title, c.line);

  const functionOwners: Record<string, string> = {};
  const owners = await client.query<{ title: string; owner: string }>(
    `select 'function ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as title,
            pg_get_userbyid(p.proowner) as owner
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind = 'f'`,
    [OUR_SCHEMAS],
  );
  for (const o of owners.rows) functionOwners[o.title] = o.owner;

  const sections: Extras['sections'] = [];
  sections.push({
    title: 'schema details',
    lines: await lines(
      client,
      `select nspname || ' owner ' || pg_get_userbyid(nspowner) || ' comment '
              || coalesce(to_json(obj_description(oid, 'pg_namespace'))::text, 'null') as line
         from pg_namespace where nspname = any($1) order by 1`,
    ),
  });

  // The rows the migrations leave in our tables (times that depend on when they ran are masked).
  const dataLines: string[] = [];
  const dataTables = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') order by 1, 2`,
    [OUR_SCHEMAS],
  );
  for (const t of dataTables.rows) {
    const rows = await client.query<{ line: string }>(
      `select (select jsonb_object_agg(e.key, case when e.value <> 'null'::jsonb
                                                    and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
                                                   then '"<time>"'::jsonb else e.value end)
                 from jsonb_each(to_jsonb(r)) e
                 join pg_attribute a on a.attrelid = $1::regclass and a.attname = e.key)::text as line
         from ${t.schema}.${t.name} r order by 1`,
      [`${t.schema}.${t.name}`],
    );
    for (const r of rows.rows) dataLines.push(`${t.schema}.${t.name} ${r.line}`);
  }
  sections.push({ title: 'rows left by the migrations', lines: dataLines });

  sections.push({
    title: 'views',
    lines: await lines(
      client,
      `select n.nspname || '.' || c.relname || ' kind ' || c.relkind::text || ' owner ' || pg_get_userbyid(c.relowner)
              || ' acl ' || coalesce(c.relacl::text, '(default)') || ' options ' || coalesce(c.reloptions::text, '{}')
              || ' comment ' || coalesce(to_json(obj_description(c.oid, 'pg_class'))::text, 'null')
              || case when c.relkind in ('v', 'm') then E'\\n  ' || replace(pg_get_viewdef(c.oid, true), E'\\n', E'\\n  ') else '' end as line
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('v', 'm', 'f') order by 1`,
    ),
  });

  sections.push({
    title: 'sequences',
    lines: await lines(
      client,
      `select n.nspname || '.' || c.relname || ' ' || format_type(s.seqtypid, null) || ' start ' || s.seqstart
              || ' increment ' || s.seqincrement || ' min ' || s.seqmin || ' max ' || s.seqmax || ' cache ' || s.seqcache
              || ' cycle ' || s.seqcycle || ' owner ' || pg_get_userbyid(c.relowner)
              || ' owned by ' || coalesce((select d.refobjid::regclass::text || '.' || a.attname || ' (' || d.deptype::text || ')'
                                              from pg_depend d join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                                             where d.classid = 'pg_class'::regclass and d.objid = c.oid
                                               and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')), 'nothing')
              || ' acl ' || coalesce(c.relacl::text, '(default)')
              || ' comment ' || coalesce(to_json(obj_description(c.oid, 'pg_class'))::text, 'null') as line
         from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) order by 1`,
    ),
  });

  sections.push({
    title: 'types',
    lines: await lines(
      client,
      `select n.nspname || '.' || t.typname || ' kind ' || t.typtype::text || ' owner ' || pg_get_userbyid(t.typowner)
              || ' acl ' || coalesce(t.typacl::text, '(default)')
              || ' comment ' || coalesce(to_json(obj_description(t.oid, 'pg_type'))::text, 'null')
              || case t.typtype
                   when 'c' then coalesce((select string_agg(E'\\n  ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                                                             || case when a.attcollation <> 0 and a.attcollation <> ty.typcollation
                                                                     then ' collate ' || (select collname from pg_collation where oid = a.attcollation) else '' end,
                                                             '' order by a.attnum)
                                             from pg_attribute a join pg_type ty on ty.oid = a.atttypid
                                            where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '')
                   when 'e' then E'\\n  ' || (select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
                   when 'd' then E'\\n  ' || format_type(t.typbasetype, t.typtypmod) || case when t.typnotnull then ' not null' else '' end
                                 || coalesce(' default ' || t.typdefault, '')
                                 || coalesce((select string_agg(' constraint ' || k.conname || ' ' || pg_get_constraintdef(k.oid), '' order by k.conname)
                                                from pg_constraint k where k.contypid = t.oid), '')
                   else ''
                 end as line
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = any($1) and t.typtype in ('c', 'e', 'd', 'r', 'm')
          and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
        order by 1`,
    ),
  });

  sections.push({
    title: 'collations',
    lines: await lines(
      client,
      `select n.nspname || '.' || c.collname || ' owner ' || pg_get_userbyid(c.collowner) || ' '
              || (to_jsonb(c) - 'oid' - 'collname' - 'collnamespace' - 'collowner' - 'collversion')::text
              || ' comment ' || coalesce(to_json(obj_description(c.oid, 'pg_collation'))::text, 'null') as line
         from pg_collation c join pg_namespace n on n.oid = c.collnamespace
        where n.nspname = any($1) order by 1`,
    ),
  });

  sections.push({
    title: 'statistics objects',
    lines: await lines(
      client,
      `select n.nspname || '.' || s.stxname || ' ' || pg_get_statisticsobjdef(s.oid) as line
         from pg_statistic_ext s join pg_namespace n on n.oid = s.stxnamespace
        where n.nspname = any($1) order by 1`,
    ),
  });

  sections.push({
    title: 'rules',
    lines: await lines(
      client,
      `select schemaname || '.' || tablename || ' ' || rulename || ' ' || definition as line
         from pg_rules where schemaname = any($1) order by 1`,
    ),
  });

  // Policies and triggers are in the catalogue; their comments and disabled triggers are not.
  sections.push({
    title: 'policy and trigger details',
    lines: await lines(
      client,
      `select n.nspname || '.' || c.relname || ' policy ' || p.polname || ' comment '
              || to_json(obj_description(p.oid, 'pg_policy'))::text as line
         from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
        where (n.nspname = any($1) or (n.nspname = 'storage' and p.polname like 'sdv\\_%'))
          and obj_description(p.oid, 'pg_policy') is not null
       union all
       select n.nspname || '.' || c.relname || ' trigger ' || t.tgname || ' enabled ' || t.tgenabled::text
              || ' comment ' || coalesce(to_json(obj_description(t.oid, 'pg_trigger'))::text, 'null')
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         join pg_proc f on f.oid = t.tgfoid join pg_namespace fn on fn.oid = f.pronamespace
        where not t.tgisinternal and (n.nspname = any($1) or fn.nspname = any($1))
          and (t.tgenabled <> 'O' or obj_description(t.oid, 'pg_trigger') is not null)
        order by 1`,
    ),
  });

  sections.push({
    title: 'routines other than functions',
    lines: await lines(
      client,
      `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') kind ' || p.prokind::text
              || ' owner ' || pg_get_userbyid(p.proowner) || ' acl ' || coalesce(p.proacl::text, '(default)') as line
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1) and p.prokind <> 'f' order by 1`,
    ),
  });

  sections.push({
    title: 'event triggers',
    lines: await lines(
      client,
      `select evtname || ' on ' || evtevent || ' ' || evtfoid::regproc::text || ' enabled ' || evtenabled::text
              || ' tags ' || coalesce(evttags::text, '{}') as line
         from pg_event_trigger order by 1`,
      [],
    ),
  });

  sections.push({
    title: 'publication details',
    lines: [
      ...(await lines(
        client,
        `select pubname || ' owner ' || pg_get_userbyid(pubowner) || ' all tables ' || puballtables
                || ' insert ' || pubinsert || ' update ' || pubupdate || ' delete ' || pubdelete
                || ' truncate ' || pubtruncate || ' via root ' || pubviaroot as line
           from pg_publication where pubname = 'supabase_realtime'`,
        [],
      )),
      ...(await lines(
        client,
        `select schemaname || '.' || tablename || ' columns ' || coalesce(attnames::text, 'all')
                || ' where ' || coalesce(rowfilter, 'true') as line
           from pg_publication_tables where pubname = 'supabase_realtime' order by 1`,
        [],
      )),
    ],
  });

  sections.push({
    title: 'bucket details',
    lines: await lines(
      client,
      `select (to_jsonb(b) - 'created_at' - 'updated_at')::text as line from storage.buckets b order by b.id`,
      [],
    ),
  });

  return { append, functionOwners, sections };
}

export function renderSnapshot(catalogue: Catalogue, extras?: Extras): string {
  const out: string[] = [];
  const section = (title: string, lines: string[]): void => {
    out.push(`## ${title}`, ...lines, ...(extras?.append[title] ?? []), '');
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
    const title = `function ${f.schema}.${f.name}(${f.identityArguments})`;
    section(title, [
      `acl ${f.acl ?? '(default)'}`,
      `comment ${JSON.stringify(f.comment)}`,
      ...(extras ? [`owner ${extras.functionOwners[title] ?? '?'}`] : []),
      ...f.definition.trimEnd().split('\n'),
    ]);
  }
  section('publication supabase_realtime', catalogue.publication);
  section(
    'buckets',
    catalogue.buckets.map((b) => `${b.id} public=${b.public} limit=${b.fileSizeLimit ?? ''} mime=${b.mimeTypes ?? ''}`),
  );
  for (const s of extras?.sections ?? []) section(s.title, s.lines);
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

/** The lines of `x` missing from `y` (as a multiset), in `x`'s order. */
function missingLines(x: string[], y: string[]): string[] {
  const left = new Map<string, number>();
  for (const line of y) left.set(line, (left.get(line) ?? 0) + 1);
  const missing: string[] = [];
  for (const line of x) {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    else missing.push(line);
  }
  return missing;
}

/**
 * One line per section that differs between two snapshots: added (+), removed (-) or changed (~,
 * with the part of a function that changed), each changed section followed by its lines that only
 * one side has (at most 40 a section; the order of lines counts too).
 */
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
      const xLines = x.split('\n');
      const yLines = y.split('\n');
      let parts = ['content'];
      if (title.startsWith('function ')) {
        const header = (l: string[], key: string): string | undefined => l.find((line) => line.startsWith(`${key} `));
        const body = (l: string[]): string => l.filter((line) => !/^(acl|comment|owner) /.test(line)).join('\n');
        parts = ['acl', 'comment', 'owner'].filter((key) => header(xLines, key) !== header(yLines, key));
        if (body(xLines) !== body(yLines)) parts.push('definition');
      }
      lines.push(`~ ${title} (${parts.join(', ') || 'line order'})`);
      const diff = [...missingLines(xLines, yLines).map((l) => `    - ${l}`), ...missingLines(yLines, xLines).map((l) => `    + ${l}`)];
      if (diff.length === 0) diff.push('    (the same lines in another order: a column, for instance, not added at the end of its table)');
      lines.push(...diff.slice(0, 40));
      if (diff.length > 40) lines.push(`    … ${diff.length - 40} more lines`);
    }
  }
  return lines;
}

/** The snapshot of the database `client` is connected to. */
export async function snapshotOf(client: pg.Client): Promise<string> {
  return renderSnapshot(await readCatalogue(client), await readExtras(client));
}
