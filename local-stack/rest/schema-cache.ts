// The schema cache: tables, views, columns, keys, foreign keys and functions of the exposed schema,
// read once from pg_catalog (one query) and reloaded on `NOTIFY pgrst, 'reload schema'`, like
// PostgREST. Requests never query the catalog.
import pg from 'pg';
import { loadDbSettings, type DbSettings } from './db-config.ts';

export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  /** Qualified, quoted type usable in a cast (`"pg_catalog"."int4"`, `"public"."booking_status"[]`). */
  castType: string;
  /** Display name of the type (format_type). */
  typeName: string;
  nullable: boolean;
  /**
   * Default expression (catalog text, never request text), as PostgREST's schema cache has it: the
   * column's default, else its domain's; `nextval(…)` for an identity BY DEFAULT column; none for an
   * identity ALWAYS or a generated column.
   */
  defaultExpr: string | null;
  /** Generated (stored) or identity ALWAYS columns cannot be written. */
  generated: boolean;
  /** Computed field: the qualified function taking the row, called instead of reading a column. */
  computedFn?: string;
  /** `count` used as a column (PostgREST's backwards-compatible embedded count). */
  rowCount?: boolean;
}

/** A function taking a row of one relation and returning rows of another, used as an embed. */
export interface ComputedRelationship {
  /** Function name (the embed's name). */
  name: string;
  /** Qualified, quoted function name. */
  fn: string;
  parent: string;
  target: string;
  toOne: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table' | 'partitioned_table';
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  /** Unique column sets (primary key included). */
  uniqueKeys: string[][];
  /** Computed fields: functions of the exposed schema taking this relation's row, by name. */
  computed: Map<string, Column>;
  /** Computed relationships from this relation, by function name. */
  computedRels: Map<string, ComputedRelationship>;
}

export interface ForeignKey {
  name: string;
  /** Relation holding the foreign key columns. */
  from: string;
  fromColumns: string[];
  /** Referenced relation. */
  to: string;
  toColumns: string[];
}

export interface FunctionParam {
  name: string;
  castType: string;
  typeName: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface RoutineInfo {
  schema: string;
  name: string;
  /** COMMENT ON FUNCTION, which PostgREST orders overloads by. */
  description: string | null;
  params: FunctionParam[];
  returnsSet: boolean;
  /** Shape of the result: a relation's row type, a `returns table (…)` row, a scalar, or void. */
  returnKind: 'relation' | 'table_columns' | 'composite' | 'scalar' | 'void';
  /** For returnKind 'relation': the relation in the exposed schema whose rows come back. */
  returnRelation: string | null;
  /** Columns of the returned rows (relation, table(...) or composite type). */
  returnColumns: Column[];
  returnTypeName: string;
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  /** The exposed schema this cache describes. */
  schema: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  /** Foreign keys by relation name (either end). */
  fksByRelation: Map<string, ForeignKey[]>;
  routines: Map<string, RoutineInfo[]>;
  loadedAt: number;
}

interface RawColumn {
  name: string;
  cast_type: string;
  type_name: string;
  nullable: boolean;
  default_expr: string | null;
  generated: boolean;
}

interface RawRelation {
  oid: number;
  name: string;
  kind: string;
  columns: RawColumn[] | null;
  pk: string[] | null;
  uniques: string[][] | null;
}

interface RawForeignKey {
  name: string;
  from_oid: number;
  from_cols: string[];
  to_oid: number;
  to_cols: string[];
}

interface RawViewColumn {
  view_oid: number;
  base_oid: number;
  column_name: string;
}

interface RawRoutine {
  name: string;
  description?: string | null;
  arg_relation?: string | null;
  rows_one?: boolean;
  args: { name: string | null; mode: string; cast_type: string; type_name: string }[] | null;
  n_defaults: number;
  returns_set: boolean;
  ret_type_name: string;
  ret_cast_type?: string;
  ret_typtype: string;
  ret_relation: string | null;
  ret_relation_oid: number | null;
  ret_is_void: boolean;
  ret_columns: RawColumn[] | null;
  volatility: string;
}

interface RawCache {
  relations: RawRelation[] | null;
  fks: RawForeignKey[] | null;
  view_columns: RawViewColumn[] | null;
  routines: RawRoutine[] | null;
}

const CAST_TYPE_SQL = (typeOid: string) => `(
  select case
    when t.typcategory = 'A' and t.typelem <> 0 then
      (select quote_ident(en.nspname) || '.' || quote_ident(et.typname) from pg_type et join pg_namespace en on en.oid = et.typnamespace where et.oid = t.typelem) || '[]'
    else quote_ident(n.nspname) || '.' || quote_ident(t.typname)
  end
  from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.oid = ${typeOid})`;

const COLUMNS_OF = (relOid: string) => `(
  select json_agg(json_build_object(
    'name', a.attname,
    'cast_type', ${CAST_TYPE_SQL('a.atttypid')},
    'type_name', format_type(a.atttypid, a.atttypmod),
    'nullable', not a.attnotnull,
    'default_expr', case
      when ct.typbasetype <> 0 and d.adbin is null then pg_get_expr(ct.typdefaultbin, 0)
      when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(a.attrelid::regclass::text, a.attname))
      when a.attgenerated = 's' then null
      else pg_get_expr(d.adbin, d.adrelid)
    end,
    'generated', a.attgenerated <> '' or a.attidentity = 'a'
  ) order by a.attnum)
  from pg_attribute a
  join pg_type ct on ct.oid = a.atttypid
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = ${relOid} and a.attnum > 0 and not a.attisdropped)`;

/** The one catalog query of the cache; the schema name is a bind parameter. */
export const SCHEMA_QUERY = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c
  where c.relnamespace = (select oid from pg_namespace where nspname = $1)
    and c.relkind in ('r', 'v', 'm', 'f', 'p')
)
select json_build_object(
  'relations', (
    select json_agg(json_build_object(
      'oid', r.oid,
      'name', r.relname,
      'kind', r.relkind,
      'columns', ${COLUMNS_OF('r.oid')},
      'pk', (
        select json_agg(a.attname order by k.ord)
        from pg_constraint con
        cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.conrelid = r.oid and con.contype = 'p'),
      'uniques', (
        select json_agg(cols)
        from (
          select (select json_agg(a.attname order by k.ord)
                  from unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum) as cols
          from pg_index i
          where i.indrelid = r.oid and i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))
        ) u)
    ))
    from rels r),
  'fks', (
    select json_agg(json_build_object(
      'name', con.conname,
      'from_oid', con.conrelid,
      'from_cols', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality as k(attnum, ord)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'to_oid', con.confrelid,
      'to_cols', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality as k(attnum, ord)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)
    ))
    from pg_constraint con
    where con.contype = 'f'
      and con.conrelid in (select oid from rels)
      and con.confrelid in (select oid from rels)),
  'view_columns', (
    select json_agg(distinct jsonb_build_object('view_oid', v.oid, 'base_oid', d.refobjid, 'column_name', a.attname))
    from rels v
    join pg_rewrite rw on rw.ev_class = v.oid
    join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = rw.oid
      and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> v.oid
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where v.relkind in ('v', 'm')),
  'routines', (
    select json_agg(json_build_object(
      'name', p.proname,
      'description', obj_description(p.oid, 'pg_proc'),
      'arg_relation', case when p.pronargs = 1 then (select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
        where at.oid = p.proargtypes[0] and ac.oid in (select oid from rels)) end,
      'rows_one', p.prorows = 1,
      'args', (
        select json_agg(json_build_object(
          'name', coalesce(p.proargnames[k.ord], null),
          'mode', coalesce(p.proargmodes[k.ord], 'i'),
          'cast_type', ${CAST_TYPE_SQL('k.typ')},
          'type_name', format_type(k.typ, null)
        ) order by k.ord)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as k(typ, ord)),
      'n_defaults', p.pronargdefaults,
      'returns_set', p.proretset,
      'ret_type_name', format_type(p.prorettype, null),
      'ret_cast_type', ${CAST_TYPE_SQL('p.prorettype')},
      'ret_typtype', rt.typtype,
      'ret_is_void', p.prorettype = 'pg_catalog.void'::regtype,
      'ret_relation', (select rc.relname from pg_class rc where rc.oid = rt.typrelid and rc.oid in (select oid from rels)),
      'ret_relation_oid', nullif(rt.typrelid, 0),
      'ret_columns', case when rt.typrelid <> 0 then ${COLUMNS_OF('rt.typrelid')} end,
      'volatility', p.provolatile
    ))
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = (select oid from pg_namespace where nspname = $1)
      and p.prokind = 'f'
      and not exists (select 1 from unnest(p.proargtypes::oid[]) t(oid) where t.oid in ('pg_catalog.internal'::regtype, 'pg_catalog.trigger'::regtype))
      and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype, 'pg_catalog.internal'::regtype))
)::text as cache`;

function toColumn(raw: RawColumn): Column {
  return {
    name: raw.name,
    castType: raw.cast_type,
    typeName: raw.type_name,
    nullable: raw.nullable,
    defaultExpr: raw.default_expr,
    generated: raw.generated,
  };
}

const KIND: Record<string, Relation['kind']> = {
  r: 'table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
  p: 'partitioned_table',
};

const VOLATILITY: Record<string, RoutineInfo['volatility']> = { i: 'immutable', s: 'stable', v: 'volatile' };

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Builds the cache from the catalog query's JSON. Exported for unit tests. */
export function buildSchemaCache(raw: RawCache, schema = EXPOSED_SCHEMA): SchemaCache {
  const relations = new Map<string, Relation>();
  const byOid = new Map<number, Relation>();
  for (const r of raw.relations ?? []) {
    const columnList = (r.columns ?? []).map(toColumn);
    const relation: Relation = {
      schema,
      name: r.name,
      kind: KIND[r.kind] ?? 'table',
      columns: new Map(columnList.map((c) => [c.name, c])),
      columnList,
      primaryKey: r.pk ?? [],
      uniqueKeys: [...(r.pk ? [r.pk] : []), ...(r.uniques ?? [])],
      computed: new Map(),
      computedRels: new Map(),
    };
    relations.set(r.name, relation);
    byOid.set(r.oid, relation);
  }

  // View columns → base table columns, by name, when exactly one base relation referenced by the
  // view has a column of that name (a conservative reading of pg_depend).
  const viewSources = new Map<number, Map<string, number[]>>();
  for (const vc of raw.view_columns ?? []) {
    const perView = viewSources.get(vc.view_oid) ?? new Map<string, number[]>();
    const bases = perView.get(vc.column_name) ?? [];
    if (!bases.includes(vc.base_oid)) bases.push(vc.base_oid);
    perView.set(vc.column_name, bases);
    viewSources.set(vc.view_oid, perView);
  }
  /** For each base relation, the views exposing all of the given columns under the same names. */
  const viewsExposing = (baseOid: number, columns: string[]): Relation[] => {
    const out: Relation[] = [];
    for (const [viewOid, perView] of viewSources) {
      const view = byOid.get(viewOid);
      if (!view) continue;
      const ok = columns.every((col) => {
        const bases = perView.get(col);
        return view.columns.has(col) && bases !== undefined && bases.length === 1 && bases[0] === baseOid;
      });
      if (ok) out.push(view);
    }
    return out;
  };
  // Views inherit the primary key of their base table when they expose all of its columns.
  for (const [baseOid, base] of byOid) {
    if (base.primaryKey.length === 0 || base.kind === 'view') continue;
    for (const view of viewsExposing(baseOid, base.primaryKey)) {
      if (view.primaryKey.length === 0) {
        view.primaryKey = [...base.primaryKey];
        view.uniqueKeys.push([...base.primaryKey]);
      }
    }
  }

  const foreignKeys: ForeignKey[] = [];
  for (const fk of raw.fks ?? []) {
    const from = byOid.get(fk.from_oid);
    const to = byOid.get(fk.to_oid);
    if (!from || !to) continue;
    const sources = [from, ...viewsExposing(fk.from_oid, fk.from_cols)];
    const targets = [to, ...viewsExposing(fk.to_oid, fk.to_cols)];
    for (const s of sources) {
      for (const t of targets) {
        foreignKeys.push({ name: fk.name, from: s.name, fromColumns: fk.from_cols, to: t.name, toColumns: fk.to_cols });
      }
    }
  }
  const fksByRelation = new Map<string, ForeignKey[]>();
  for (const fk of foreignKeys) {
    for (const name of new Set([fk.from, fk.to])) {
      const list = fksByRelation.get(name) ?? [];
      list.push(fk);
      fksByRelation.set(name, list);
    }
  }

  const routines = new Map<string, RoutineInfo[]>();
  for (const r of raw.routines ?? []) {
    const args = r.args ?? [];
    const inArgs = args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outArgs = args.filter((a) => a.mode === 't' || a.mode === 'o' || a.mode === 'b');
    // `returns table (…)` or several OUT parameters: rows with those columns.
    const tableArgs = outArgs.some((a) => a.mode === 't') || outArgs.length > 1 ? outArgs : [];
    const firstDefault = inArgs.length - r.n_defaults;
    const params: FunctionParam[] = inArgs.map((a, index) => ({
      name: a.name ?? '',
      castType: a.cast_type,
      typeName: a.type_name,
      hasDefault: index >= firstDefault,
      variadic: a.mode === 'v',
    }));
    let returnKind: RoutineInfo['returnKind'];
    let returnColumns: Column[] = [];
    if (r.ret_is_void) returnKind = 'void';
    else if (tableArgs.length > 0) {
      returnKind = 'table_columns';
      returnColumns = tableArgs.map((a) => ({
        name: a.name ?? '',
        castType: a.cast_type,
        typeName: a.type_name,
        nullable: true,
        defaultExpr: null,
        generated: false,
      }));
    } else if (r.ret_relation !== null && relations.has(r.ret_relation)) {
      returnKind = 'relation';
      returnColumns = relations.get(r.ret_relation)!.columnList;
    } else if (r.ret_typtype === 'c' && r.ret_columns) {
      returnKind = 'composite';
      returnColumns = r.ret_columns.map(toColumn);
    } else {
      returnKind = 'scalar';
    }
    const info: RoutineInfo = {
      schema,
      name: r.name,
      description: r.description ?? null,
      params,
      returnsSet: r.returns_set,
      returnKind,
      returnRelation: returnKind === 'relation' ? r.ret_relation : null,
      returnColumns,
      returnTypeName: r.ret_type_name,
      volatility: VOLATILITY[r.volatility] ?? 'volatile',
    };
    const list = routines.get(r.name) ?? [];
    list.push(info);
    routines.set(r.name, list);
    // A function of one argument of a relation's row type: a computed field (scalar result) or a
    // computed relationship (rows of a relation), used like a column / an embed of that relation.
    const parent = r.arg_relation ? relations.get(r.arg_relation) : undefined;
    if (parent && inArgs.length === 1 && returnKind !== 'void') {
      const fn = `${quoteName(schema)}.${quoteName(r.name)}`;
      if (returnKind === 'relation' && info.returnRelation !== null) {
        parent.computedRels.set(r.name, { name: r.name, fn, parent: parent.name, target: info.returnRelation, toOne: !r.returns_set || r.rows_one === true });
      } else if (!r.returns_set && returnKind === 'scalar') {
        parent.computed.set(r.name, { name: r.name, castType: r.ret_cast_type ?? '"pg_catalog"."text"', typeName: r.ret_type_name, nullable: true, defaultExpr: null, generated: true, computedFn: fn });
      }
    }
  }
  for (const list of routines.values()) list.sort(compareRoutines);
  return { schema, relations, foreignKeys, fksByRelation, routines, loadedAt: Date.now() };
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * PostgREST's order of overloads (its Ord instance of routines): fewer parameters first, then the
 * description (none first), then the parameters by name, type, required-ness, variadic-ness.
 */
export function compareRoutines(a: RoutineInfo, b: RoutineInfo): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  if (a.description !== b.description) {
    if (a.description === null) return -1;
    if (b.description === null) return 1;
    return compareText(a.description, b.description);
  }
  for (let i = 0; i < a.params.length; i += 1) {
    const p = a.params[i]!;
    const q = b.params[i]!;
    const order =
      compareText(p.name, q.name) || compareText(p.typeName, q.typeName) || Number(!p.hasDefault) - Number(!q.hasDefault) || Number(p.variadic) - Number(q.variadic);
    if (order !== 0) return order;
  }
  return 0;
}

export async function loadSchemaCache(queryable: pg.Pool | pg.Client, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const result = await queryable.query<{ cache: string }>(SCHEMA_QUERY, [schema]);
  const raw = JSON.parse(result.rows[0]!.cache) as RawCache;
  return buildSchemaCache(raw, schema);
}

/** True when the relation has a unique key made of exactly these columns. */
export function isUniqueKey(relation: Relation, columns: readonly string[]): boolean {
  return relation.uniqueKeys.some((key) => sameSet(key, columns));
}

export interface SchemaCacheHolder {
  /** The cache of an exposed schema (the first one when none is named). */
  current(schema?: string): SchemaCache;
  /** The authenticator role's `pgrst.*` settings (db-config.ts), as last read. */
  dbSettings(): DbSettings;
  /** The exposed schemas, in configuration order. */
  schemas: readonly string[];
  reload(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads the cache and the authenticator's `pgrst.*` settings and keeps them fresh: a dedicated
 * connection LISTENs on channel `pgrst` and reloads both on 'reload schema' (or an empty payload, as
 * PostgREST) and the settings on 'reload config'. If that connection drops (database restart), it
 * reconnects with backoff and reloads, since the schema may have changed. `onSettings` is told of
 * every read of the settings.
 */
export async function createSchemaCacheHolder(
  dbUrl: string,
  pool: pg.Pool,
  log: (line: string) => void,
  schemas: readonly string[] = [EXPOSED_SCHEMA],
  onSettings: (settings: DbSettings) => void = () => undefined,
): Promise<SchemaCacheHolder> {
  const loadAll = async (): Promise<Map<string, SchemaCache>> =>
    new Map(await Promise.all(schemas.map(async (schema) => [schema, await loadSchemaCache(pool, schema)] as const)));
  const readSettings = async (): Promise<void> => {
    settings = await loadDbSettings(pool, log);
    onSettings(settings);
  };
  let caches = await loadAll();
  let settings: DbSettings = {};
  await readSettings();
  let closed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let reloading: Promise<void> | null = null;
  let reloadAgain = false;

  const reload = async (): Promise<void> => {
    if (reloading) {
      reloadAgain = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        reloadAgain = false;
        try {
          await readSettings();
          caches = await loadAll();
        } catch (error) {
          log(`[rest] could not reload the schema cache: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (reloadAgain && !closed);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(200 * 2 ** attempt, 5000);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect(true);
    }, delay);
    retryTimer.unref();
  };

  const connect = async (reloadAfter: boolean): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: dbUrl, application_name: 'sdv-rest-schema-listener' });
    client.on('error', () => {
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
      scheduleReconnect();
    });
    client.on('end', () => {
      if (listener === client) {
        listener = null;
        scheduleReconnect();
      }
    });
    client.on('notification', (message) => {
      if (message.channel !== 'pgrst') return;
      const payload = (message.payload ?? '').trim();
      if (payload === '' || payload === 'reload schema') void reload();
      else if (payload === 'reload config') void readSettings();
    });
    try {
      await client.connect();
      await client.query('listen pgrst');
      if (closed) {
        await client.end();
        return;
      }
      listener = client;
      attempt = 0;
      if (reloadAfter) await reload();
    } catch {
      await client.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  await connect(false);

  return {
    current: (schema) => caches.get(schema ?? schemas[0]!)!,
    dbSettings: () => settings,
    schemas,
    reload,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      if (client) await client.end().catch(() => undefined);
      if (reloading) await reloading;
    },
  };
}
