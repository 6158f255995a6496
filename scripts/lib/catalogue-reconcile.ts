// What @supabase/pg-delta leaves out of a migration it generates (scripts/db-diff.ts,
// docs/database.md#what-pg-delta-does-not-generate), written here from the two catalogues instead:
//   * privileges (ACLs) of our objects: pg-delta grants what the desired ACL holds but, for an
//     object it creates, never revokes what the creating role's default privileges gave (on
//     Supabase, `postgres` creates objects of `public` with ALL for anon, authenticated and
//     service_role), so a new table or function stayed open to anon; column grants of a created
//     table were missing too. Each object whose ACL differs is brought to the desired ACL, grantee
//     by grantee.
//   * policies on the platform's tables (storage.objects …): the Supabase profile of pg-delta leaves
//     out everything in the platform's schemas but user triggers, so a policy of ours on
//     storage.objects is neither created, changed nor dropped.
import type pg from 'pg';

const OUR_SCHEMAS = ['public', 'private'];
/** Platform schemas whose policies are ours to write (pg-delta's Supabase profile skips them). */
export const POLICY_SCHEMAS = ['storage', 'realtime', 'auth'];

/** One grantee's privileges on one object. */
export interface AclEntry {
  /** `TABLE public.x`, `SEQUENCE …`, `FUNCTION private.f(text)`, `SCHEMA private`, `TYPE …`, or `COLUMN public.x.col`. */
  object: string;
  /** How GRANT / REVOKE name the object (for a column, its table). */
  target: string;
  /** For a column: the quoted column name. */
  column: string | null;
  grantee: string;
  privileges: string[];
  grantable: string[];
}

/** The ACL entries of every object of our schemas (defaults made explicit with acldefault()). */
export async function readAcls(client: pg.Client): Promise<AclEntry[]> {
  const result = await client.query<AclEntry>(
    `with objects as (
       select 'SCHEMA ' || quote_ident(n.nspname) as object, 'SCHEMA ' || quote_ident(n.nspname) as target,
              null::text as "column", coalesce(n.nspacl, acldefault('n', n.nspowner)) as acl
         from pg_namespace n where n.nspname = any($1)
       union all
       select case when c.relkind = 'S' then 'SEQUENCE ' else 'TABLE ' end || quote_ident(n.nspname) || '.' || quote_ident(c.relname),
              case when c.relkind = 'S' then 'SEQUENCE ' else 'TABLE ' end || quote_ident(n.nspname) || '.' || quote_ident(c.relname),
              null, coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner))
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       union all
       select 'COLUMN ' || quote_ident(n.nspname) || '.' || quote_ident(c.relname) || '.' || quote_ident(a.attname),
              'TABLE ' || quote_ident(n.nspname) || '.' || quote_ident(c.relname),
              quote_ident(a.attname), a.attacl
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and a.attnum > 0 and not a.attisdropped and a.attacl is not null
       union all
       select case p.prokind when 'p' then 'PROCEDURE ' else 'FUNCTION ' end || quote_ident(n.nspname) || '.' || quote_ident(p.proname)
                || '(' || pg_get_function_identity_arguments(p.oid) || ')',
              case p.prokind when 'p' then 'PROCEDURE ' else 'FUNCTION ' end || quote_ident(n.nspname) || '.' || quote_ident(p.proname)
                || '(' || pg_get_function_identity_arguments(p.oid) || ')',
              null, coalesce(p.proacl, acldefault('f', p.proowner))
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1) and p.prokind in ('f', 'p')
       union all
       select 'TYPE ' || quote_ident(n.nspname) || '.' || quote_ident(t.typname), 'TYPE ' || quote_ident(n.nspname) || '.' || quote_ident(t.typname),
              null, coalesce(t.typacl, acldefault('T', t.typowner))
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = any($1) and t.typtype in ('c', 'e', 'd', 'r', 'm')
          and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')
     )
     select o.object, o.target, o."column",
            case when x.grantee = 0 then 'PUBLIC' else quote_ident(pg_get_userbyid(x.grantee)) end as grantee,
            array_agg(x.privilege_type order by x.privilege_type) as privileges,
            coalesce(array_agg(x.privilege_type order by x.privilege_type) filter (where x.is_grantable), '{}') as grantable
       from objects o cross join lateral aclexplode(o.acl) x
      group by 1, 2, 3, 4
      order by 1, 4`,
    [OUR_SCHEMAS],
  );
  return result.rows;
}

function aclKey(entry: Pick<AclEntry, 'object' | 'grantee'>): string {
  return `${entry.object}\u0000${entry.grantee}`;
}

/** Every privilege of a table (MAINTAIN from PostgreSQL 17 on) and of the other kinds. */
const TABLE_PRIVILEGES = ['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE'];
const ALL_PRIVILEGES: Record<string, string[]> = {
  TABLE: TABLE_PRIVILEGES,
  SEQUENCE: ['SELECT', 'UPDATE', 'USAGE'],
  FUNCTION: ['EXECUTE'],
  PROCEDURE: ['EXECUTE'],
  SCHEMA: ['CREATE', 'USAGE'],
  TYPE: ['USAGE'],
};

/**
 * The privileges as GRANT / REVOKE write them: `all` when they are every privilege of the object
 * (so that a migration written on PostgreSQL 17 also runs on 15, which has no MAINTAIN), with the
 * column for a column's privileges.
 */
export function privilegeList(privileges: string[], target: string, column: string | null): string {
  const kind = target.split(' ')[0]!;
  const all = ALL_PRIVILEGES[kind] ?? [];
  const rest = privileges.filter((p) => p !== 'MAINTAIN');
  if (column === null && all.length > 0 && all.every((p) => rest.includes(p)) && rest.length === all.length) return 'all';
  return privileges.map((p) => (column ? `${p} (${column})` : p)).join(', ');
}

/**
 * GRANT / REVOKE statements that bring the objects of `current` that also exist in `desired` to the
 * privileges `desired` gives them, one grantee at a time (revoke everything, grant what is desired).
 * Objects only one side has are left alone: creating or dropping them is pg-delta's part.
 */
export function aclStatements(current: AclEntry[], desired: AclEntry[]): string[] {
  const objectsOf = (entries: AclEntry[]): Set<string> => new Set(entries.filter((e) => e.column === null).map((e) => e.object));
  const tablesOf = (entries: AclEntry[]): Set<string> => new Set(entries.filter((e) => e.object.startsWith('TABLE ')).map((e) => e.target));
  const currentObjects = objectsOf(current);
  const desiredObjects = objectsOf(desired);
  const bothTables = new Set([...tablesOf(current)].filter((t) => tablesOf(desired).has(t)));
  const inBoth = (e: AclEntry): boolean =>
    e.column === null ? currentObjects.has(e.object) && desiredObjects.has(e.object) : bothTables.has(e.target);
  const before = new Map(current.filter(inBoth).map((e) => [aclKey(e), e]));
  const after = new Map(desired.filter(inBoth).map((e) => [aclKey(e), e]));
  const statements: string[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const was = before.get(key);
    const wanted = after.get(key);
    const same =
      was && wanted && was.privileges.join() === wanted.privileges.join() && was.grantable.join() === wanted.grantable.join();
    if (same) continue;
    const entry = (wanted ?? was)!;
    if (was) {
      // A grantee that keeps nothing loses `all` (whatever this server's list of privileges is).
      const revoked = wanted ? privilegeList(was.privileges, entry.target, entry.column) : entry.column ? `all (${entry.column})` : 'all';
      statements.push(`revoke ${revoked} on ${entry.target} from ${entry.grantee};`);
    }
    if (wanted) {
      const plain = wanted.privileges.filter((p) => !wanted.grantable.includes(p));
      if (plain.length > 0) statements.push(`grant ${privilegeList(plain, entry.target, entry.column)} on ${entry.target} to ${entry.grantee};`);
      if (wanted.grantable.length > 0) {
        statements.push(`grant ${privilegeList(wanted.grantable, entry.target, entry.column)} on ${entry.target} to ${entry.grantee} with grant option;`);
      }
    }
  }
  return statements;
}

/** A policy on a table of the platform's schemas. */
export interface PlatformPolicy {
  schemaname: string;
  tablename: string;
  policyname: string;
  permissive: string;
  roles: string[];
  cmd: string;
  qual: string | null;
  with_check: string | null;
}

export async function readPlatformPolicies(client: pg.Client): Promise<PlatformPolicy[]> {
  const result = await client.query<PlatformPolicy>(
    `select schemaname, tablename, policyname, permissive, roles::text[] as roles, cmd, qual, with_check
       from pg_policies where schemaname = any($1) order by 1, 2, 3`,
    [POLICY_SCHEMAS],
  );
  return result.rows;
}

function quoteIdent(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}

function policyKey(p: PlatformPolicy): string {
  return `${p.schemaname}.${p.tablename}.${p.policyname}`;
}

export function createPolicyStatement(p: PlatformPolicy): string {
  const roles = p.roles.map((r) => (r === 'public' ? 'public' : quoteIdent(r))).join(', ');
  return (
    `create policy ${quoteIdent(p.policyname)} on ${quoteIdent(p.schemaname)}.${quoteIdent(p.tablename)}\n` +
    `  as ${p.permissive.toLowerCase()} for ${p.cmd.toLowerCase()} to ${roles}` +
    (p.qual === null ? '' : `\n  using (${p.qual})`) +
    (p.with_check === null ? '' : `\n  with check (${p.with_check})`) +
    ';'
  );
}

/** DROP / CREATE POLICY statements that turn the platform tables' policies of `current` into `desired`'s. */
export function policyStatements(current: PlatformPolicy[], desired: PlatformPolicy[]): string[] {
  const before = new Map(current.map((p) => [policyKey(p), p]));
  const after = new Map(desired.map((p) => [policyKey(p), p]));
  const statements: string[] = [];
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const was = before.get(key);
    const wanted = after.get(key);
    if (was && wanted && JSON.stringify(was) === JSON.stringify(wanted)) continue;
    const p = (was ?? wanted)!;
    if (was) statements.push(`drop policy ${quoteIdent(p.policyname)} on ${quoteIdent(p.schemaname)}.${quoteIdent(p.tablename)};`);
    if (wanted) statements.push(createPolicyStatement(wanted));
  }
  return statements;
}
