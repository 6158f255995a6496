// Applies bootstrap + migrations (+ seed on a fresh database) to the configured database
// (DATABASE_URL, else the embedded server of loadConfig()) and prints a JSON fingerprint of the
// result: the schema (tables, columns, constraints, indexes, policies, functions, triggers, grants)
// and the platform (owners and RLS of auth/storage tables, the platform roles) as checksums, plus
// the row count of every public table (of a daily rollup, the records it rolls up: countExpression).
// Used by scripts/check-pg15.sh to compare
// PostgreSQL 15 with the embedded 17.
import { createHash } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../local-stack/config.ts';
import { prepareDatabase } from '../../local-stack/db.ts';

const CATALOG_QUERIES: Record<string, string> = {
  columns: `select table_name, column_name, data_type, is_nullable, column_default, is_generated
              from information_schema.columns where table_schema = 'public' order by 1, 2`,
  constraints: `select conrelid::regclass::text, conname, contype, pg_get_constraintdef(oid)
                  from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
  indexes: `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
  policies: `select schemaname, tablename, policyname, cmd, roles::text, qual, with_check
               from pg_policies where schemaname in ('public', 'storage') order by 1, 2, 3`,
  functions: `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), p.prosecdef, p.provolatile,
                     coalesce(p.proconfig::text, ''), md5(p.prosrc)
                from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname in ('public', 'private') order by 1, 2, 3`,
  triggers: `select tgrelid::regclass::text, tgname, pg_get_triggerdef(oid)
               from pg_trigger where not tgisinternal order by 1, 2`,
  grants: `select table_schema, table_name, grantee, privilege_type from information_schema.role_table_grants
            where table_schema in ('public', 'storage') and grantee in ('anon', 'authenticated', 'service_role')
            order by 1, 2, 3, 4`,
  column_grants: `select table_name, column_name, grantee, privilege_type from information_schema.column_privileges
                   where table_schema = 'public' and grantee in ('anon', 'authenticated') order by 1, 2, 3, 4`,
  routine_grants: `select routine_schema, routine_name, grantee from information_schema.role_routine_grants
                    where routine_schema in ('public', 'private') and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
                    order by 1, 2, 3`,
  buckets: `select id, public, file_size_limit, allowed_mime_types::text from storage.buckets order by 1`,
  publication: `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime' order by 1, 2`,
  // The platform of bootstrap.sql: who owns Auth's and Storage's tables, RLS on them, the roles.
  platform_tables: `select c.oid::regclass::text, pg_get_userbyid(c.relowner), c.relrowsecurity from pg_class c
                     where c.relnamespace in ('auth'::regnamespace, 'storage'::regnamespace) and c.relkind = 'r' order by 1`,
  platform_roles: `select rolname, rolsuper, rolinherit, rolcanlogin, rolbypassrls, rolcreatedb, rolcreaterole, coalesce(rolconfig::text, '')
                     from pg_roles where rolname in ('postgres', 'anon', 'authenticated', 'service_role', 'authenticator',
                                                    'supabase_auth_admin', 'supabase_storage_admin') order by 1`,
};

/**
 * What a table's figure counts. A daily rollup (a `day` column and `*_count` columns) counts the
 * records it rolls up: its number of days depends on the minute the seed ran (the seed's times are
 * relative to now(), and a record a few seconds either side of midnight in Asia/Ho_Chi_Minh falls
 * on another day), so two seeds seconds apart may spread the same records over more or fewer days.
 * Every other table counts its rows.
 */
async function countExpression(client: pg.Client, table: string): Promise<string> {
  const columns = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  const names = columns.rows.map((row) => row.column_name);
  const counted = names.filter((name) => name.endsWith('_count'));
  if (!names.includes('day') || counted.length === 0) return 'count(*)';
  return counted.map((name) => `coalesce(sum(${pg.escapeIdentifier(name)}), 0)`).join(' + ');
}

async function fingerprint(url: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema: Record<string, { rows: number; md5: string }> = {};
    for (const [name, sql] of Object.entries(CATALOG_QUERIES)) {
      const result = await client.query({ text: sql, rowMode: 'array' });
      schema[name] = { rows: result.rows.length, md5: createHash('md5').update(JSON.stringify(result.rows)).digest('hex') };
    }
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const result = await client.query<{ n: string }>(`select ${await countExpression(client, table_name)}::text as n from public.${pg.escapeIdentifier(table_name)}`);
      counts[table_name] = Number(result.rows[0]?.n ?? 0);
    }
    const version = await client.query<{ server_version: string }>('show server_version');
    return { server_version: version.rows[0]?.server_version, schema, counts };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await prepareDatabase(config, (line) => console.error(line));
  try {
    const print = await fingerprint(db.url);
    console.log(JSON.stringify({ applied: db.applied.length, seeded: db.seeded, ...print }, null, 2));
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
