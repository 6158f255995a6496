// Reads the parts of the Postgres catalogue that the migrations of supabase/migrations define:
// the `public` and `private` schemas, the policies on storage.objects, the triggers on auth.users,
// the buckets and the realtime publication. Shared by scripts/schema-snapshot.ts (a normalised text
// snapshot, to compare two migration histories) and scripts/gen-db-docs.ts (docs/database.md).
import pg from 'pg';
import { startThrowawayDatabase } from './throwaway-db.ts';

export interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  generated: string | null;
  comment: string | null;
}

export interface Table {
  schema: string;
  name: string;
  rls: boolean;
  comment: string | null;
  columns: Column[];
  constraints: { name: string; type: string; definition: string }[];
  indexes: { name: string; definition: string }[];
  /** Table privileges per role, e.g. { authenticated: ['SELECT', 'UPDATE'] }. */
  grants: Record<string, string[]>;
  /** Column privileges per role and privilege: { anon: { SELECT: ['id', 'name'] } }. */
  columnGrants: Record<string, Record<string, string[]>>;
}

export interface Policy {
  schema: string;
  table: string;
  name: string;
  permissive: boolean;
  command: string;
  roles: string[];
  using: string | null;
  withCheck: string | null;
}

export interface Trigger {
  schema: string;
  table: string;
  name: string;
  definition: string;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  arguments: string;
  identityArguments: string;
  result: string;
  language: string;
  volatility: 'immutable' | 'stable' | 'volatile';
  securityDefiner: boolean;
  config: string[];
  /** Roles holding EXECUTE (PUBLIC when granted to everyone). */
  executors: string[];
  acl: string | null;
  comment: string | null;
  definition: string;
}

export interface Catalogue {
  schemas: { name: string; acl: string | null }[];
  defaultAcls: string[];
  extensions: string[];
  tables: Table[];
  policies: Policy[];
  triggers: Trigger[];
  functions: FunctionInfo[];
  publication: string[];
  buckets: { id: string; public: boolean; fileSizeLimit: string | null; mimeTypes: string | null }[];
}

const OUR_SCHEMAS = ['public', 'private'];
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export async function readCatalogue(client: pg.Client): Promise<Catalogue> {
  const schemas = await client.query<{ name: string; acl: string | null }>(
    `select nspname as name, nspacl::text as acl from pg_namespace where nspname = any($1) order by 1`,
    [OUR_SCHEMAS],
  );
  const defaultAcls = await client.query<{ line: string }>(
    `select coalesce(n.nspname, '*') || ' ' || d.defaclobjtype::text || ' ' || d.defaclacl::text as line
       from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
      where n.nspname is null or n.nspname = any($1) order by 1`,
    [OUR_SCHEMAS],
  );
  const extensions = await client.query<{ line: string }>(
    `select e.extname || ' in ' || n.nspname as line from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname not in ('plpgsql') order by 1`,
  );

  const tableRows = await client.query<{ oid: number; schema: string; name: string; rls: boolean; comment: string | null }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relrowsecurity as rls,
            obj_description(c.oid, 'pg_class') as comment
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') order by 2, 3`,
    [OUR_SCHEMAS],
  );
  const columns = await client.query<{ oid: number } & Column>(
    `select a.attrelid::int as oid, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as "notNull",
            case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default,
            case when a.attgenerated <> '' then pg_get_expr(d.adbin, d.adrelid) end as generated,
            col_description(a.attrelid, a.attnum) as comment
       from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum`,
    [tableRows.rows.map((t) => t.oid)],
  );
  const constraints = await client.query<{ oid: number; name: string; type: string; definition: string }>(
    `select conrelid::int as oid, conname as name, contype as type, pg_get_constraintdef(oid) as definition
       from pg_constraint where conrelid = any($1::oid[]) order by conrelid, conname`,
    [tableRows.rows.map((t) => t.oid)],
  );
  const indexes = await client.query<{ oid: number; name: string; definition: string }>(
    `select i.indrelid::int as oid, c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = any($1::oid[]) order by i.indrelid, c.relname`,
    [tableRows.rows.map((t) => t.oid)],
  );
  const grants = await client.query<{ oid: number; grantee: string; privilege: string }>(
    `select c.oid::int as oid, coalesce(r.rolname, 'PUBLIC') as grantee, a.privilege_type as privilege
       from pg_class c cross join lateral aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
      where c.oid = any($1::oid[]) order by 1, 2, 3`,
    [tableRows.rows.map((t) => t.oid)],
  );
  const columnGrants = await client.query<{ oid: number; column: string; grantee: string; privilege: string }>(
    `select a.attrelid::int as oid, a.attname as column, coalesce(r.rolname, 'PUBLIC') as grantee,
            x.privilege_type as privilege
       from pg_attribute a cross join lateral aclexplode(a.attacl) x left join pg_roles r on r.oid = x.grantee
      where a.attrelid = any($1::oid[]) and a.attacl is not null order by 1, 3, 4, a.attnum`,
    [tableRows.rows.map((t) => t.oid)],
  );

  const columnsBy = new Map<string, Column[]>();
  for (const { oid, ...column } of columns.rows) push(columnsBy, String(oid), column);
  const constraintsBy = new Map<string, Table['constraints']>();
  for (const { oid, ...c } of constraints.rows) push(constraintsBy, String(oid), c);
  const indexesBy = new Map<string, Table['indexes']>();
  for (const { oid, ...i } of indexes.rows) push(indexesBy, String(oid), i);
  const tables: Table[] = tableRows.rows.map((t) => {
    const tableGrants: Record<string, string[]> = {};
    for (const g of grants.rows.filter((row) => row.oid === t.oid)) (tableGrants[g.grantee] ??= []).push(g.privilege);
    const colGrants: Record<string, Record<string, string[]>> = {};
    for (const g of columnGrants.rows.filter((row) => row.oid === t.oid)) {
      ((colGrants[g.grantee] ??= {})[g.privilege] ??= []).push(g.column);
    }
    return {
      schema: t.schema,
      name: t.name,
      rls: t.rls,
      comment: t.comment,
      columns: columnsBy.get(String(t.oid)) ?? [],
      constraints: constraintsBy.get(String(t.oid)) ?? [],
      indexes: indexesBy.get(String(t.oid)) ?? [],
      grants: tableGrants,
      columnGrants: colGrants,
    };
  });

  const policies = await client.query<Policy>(
    `select p.schemaname as schema, p.tablename as table, p.policyname as name, p.permissive = 'PERMISSIVE' as permissive,
            p.cmd as command, p.roles::text[] as roles, p.qual as using, p.with_check as "withCheck"
       from pg_policies p
      where p.schemaname = any($1) or (p.schemaname = 'storage' and p.policyname like 'sdv\\_%')
      order by 1, 2, 3`,
    [OUR_SCHEMAS],
  );
  const triggers = await client.query<Trigger>(
    `select n.nspname as schema, c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as definition
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_proc f on f.oid = t.tgfoid join pg_namespace fn on fn.oid = f.pronamespace
      where not t.tgisinternal and (n.nspname = any($1) or fn.nspname = any($1))
      order by 1, 2, 3`,
    [OUR_SCHEMAS],
  );
  const functions = await client.query<Omit<FunctionInfo, 'executors'> & { oid: number }>(
    `select p.oid::int as oid, n.nspname as schema, p.proname as name,
            pg_get_function_arguments(p.oid) as arguments,
            pg_get_function_identity_arguments(p.oid) as "identityArguments",
            pg_get_function_result(p.oid) as result, l.lanname as language,
            case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end as volatility,
            p.prosecdef as "securityDefiner", coalesce(p.proconfig, '{}') as config,
            p.proacl::text as acl, obj_description(p.oid, 'pg_proc') as comment,
            pg_get_functiondef(p.oid) as definition
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = any($1) and p.prokind = 'f'
      order by 2, 3, 5`,
    [OUR_SCHEMAS],
  );
  const executors = await client.query<{ oid: number; grantee: string }>(
    `select p.oid::int as oid, coalesce(r.rolname, 'PUBLIC') as grantee
       from pg_proc p cross join lateral aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
       left join pg_roles r on r.oid = a.grantee
      where p.pronamespace = any(select oid from pg_namespace where nspname = any($1)) and a.privilege_type = 'EXECUTE'
      order by 1, 2`,
    [OUR_SCHEMAS],
  );
  const publication = await client.query<{ line: string }>(
    `select schemaname || '.' || tablename as line from pg_publication_tables where pubname = 'supabase_realtime' order by 1`,
  );
  const buckets = await client.query<Catalogue['buckets'][number]>(
    `select id, public, file_size_limit::text as "fileSizeLimit", allowed_mime_types::text as "mimeTypes"
       from storage.buckets order by 1`,
  );

  return {
    schemas: schemas.rows,
    defaultAcls: defaultAcls.rows.map((r) => r.line),
    extensions: extensions.rows.map((r) => r.line),
    tables,
    policies: policies.rows,
    triggers: triggers.rows,
    functions: functions.rows.map(({ oid, ...f }) => ({
      ...f,
      executors: executors.rows.filter((e) => e.oid === oid).map((e) => e.grantee),
    })),
    publication: publication.rows.map((r) => r.line),
    buckets: buckets.rows,
  };
}

/** The roles of the API among `roles` (anon, authenticated, service_role), or PUBLIC. */
export function apiRoles(roles: string[]): string[] {
  return roles.filter((role) => role === 'PUBLIC' || API_ROLES.has(role));
}

/** What `read` finds in a fresh throwaway database (own folder and port) with every migration applied. */
export async function readMigratedDatabase<T>(dataDir: string, port: number, read: (client: pg.Client) => Promise<T>): Promise<T> {
  const db = await startThrowawayDatabase({ dataDir, port });
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return await read(client);
    } finally {
      await client.end();
    }
  } finally {
    await db.stop();
  }
}

/** The catalogue of a fresh throwaway database (own folder and port) with every migration applied. */
export async function catalogueOfMigrations(dataDir: string, port: number): Promise<Catalogue> {
  return readMigratedDatabase(dataDir, port, readCatalogue);
}
