// INSERT / upsert / UPDATE / DELETE in PostgREST's style: the payload goes in as ONE bound JSON
// parameter and is typed by json_populate_recordset against the relation's row type; the written
// rows come back through a data-modifying CTE shaped by the same select machinery as reads.
import { ApiError, columnNotInCache, invalidBody } from './errors.ts';
import type { Relation } from './schema-cache.ts';
import { ident, literal, Params, qualified } from '../sql/sql-text.ts';
import { groupBySql, selectListSql, whereSql, type PlanNode, type Source } from './sql-read.ts';

export interface WriteResultShape {
  /** Build the body (return=representation). */
  representation: boolean;
  /** Also return the primary key of the first row (return=headers-only → Location). */
  wantLocation: boolean;
  /** `nulls=stripped`: null-valued keys left out of the returned objects. */
  stripNulls?: boolean;
}

/** The source the returned rows are shaped from: the CTE holding the written rows. */
export function writtenRowsSource(relation: Relation): Source {
  return {
    name: relation.name,
    relationName: relation.name,
    columns: relation.columns,
    columnList: relation.columnList,
    schema: relation.schema,
    from: () => 'pgrst_source',
  };
}

function finalSelect(root: PlanNode, params: Params, shape: WriteResultShape, relation: Relation, extra: string): string {
  const select = selectListSql(root, params);
  const agg = shape.stripNulls ? 'json_strip_nulls(json_agg(pgrst_t))' : 'json_agg(pgrst_t)';
  const body =
    shape.representation && select !== ''
      ? `coalesce((select ${agg} from (select ${select} from pgrst_source as ${ident(root.alias)}${groupBySql(root, params)}) as pgrst_t), '[]')::text`
      : 'null::text';
  const pk = relation.primaryKey;
  const location =
    shape.wantLocation && pk.length > 0
      ? `(select row_to_json(pgrst_l)::text from (select ${pk.map((c) => ident(c)).join(', ')} from pgrst_source limit 1) as pgrst_l)`
      : 'null::text';
  return `select (select pg_catalog.count(*) from pgrst_source) as page_total, ${body} as body, ${location} as location${extra}`;
}

/** Validates the payload of an insert and returns its rows' key set (the columns to insert). */
export function payloadColumns(relation: Relation, payload: unknown, columnsParam: string[] | null): string[] {
  const rows = Array.isArray(payload) ? payload : [payload];
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) throw invalidBody('All object keys must match');
  }
  let columns: string[];
  if (columnsParam) {
    columns = columnsParam;
  } else {
    const first = rows[0] as Record<string, unknown> | undefined;
    columns = first ? Object.keys(first) : [];
    for (const row of rows) {
      const keys = Object.keys(row as Record<string, unknown>);
      if (keys.length !== columns.length || !keys.every((k) => columns.includes(k))) throw invalidBody('All object keys must match');
    }
  }
  for (const col of columns) {
    if (!relation.columns.has(col)) throw columnNotInCache(relation.name, col);
  }
  return [...new Set(columns)];
}

export interface InsertOptions {
  columns: string[];
  missingDefault: boolean;
  /** null: plain insert; else the conflict target and what to do. */
  upsert: { onConflict: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null;
}

export function buildInsert(relation: Relation, root: PlanNode, bodyJson: string, options: InsertOptions, shape: WriteResultShape): { sql: string; values: unknown[] } {
  const params = new Params();
  const payload = params.add(bodyJson);
  const target = qualified(relation.schema, relation.name);
  const cols = options.columns;
  let insert: string;
  const rows = `(select case when json_typeof(${payload}::json) = 'array' then ${payload}::json else json_build_array(${payload}::json) end)`;
  if (cols.length === 0) {
    insert = `insert into ${target} as pgrst_target select from json_array_elements(${rows})`;
  } else if (options.missingDefault) {
    // PostgREST's `missing=default` (fromJsonBodyF): every row is the object of the defaults of the
    // inserted columns merged with the row (`jsonb_build_object(…) || row`), so each default is
    // evaluated for every row, also where the row gives the value: a bulk insert takes one value of a
    // column's sequence per row, as on PostgREST (`[{"id":100},{}]` spends two, the second row gets
    // the second). Columns without a default (identity ALWAYS, generated) get null from rows missing them.
    const defaults = cols
      .map((c) => ({ name: c, expr: relation.columns.get(c)!.defaultExpr }))
      .filter((d): d is { name: string; expr: string } => d.expr !== null)
      .map((d) => `${literal(d.name)}, ${d.expr}`)
      .join(', ');
    const typed = cols.map((c) => `${ident(c)} ${relation.columns.get(c)!.castType}`).join(', ');
    const defaultsObject = `jsonb_build_object(${defaults})`;
    const withDefaults =
      `(select case when jsonb_typeof(pgrst_payload.json_data) = 'array' ` +
      `then (select coalesce(jsonb_agg(${defaultsObject} || pgrst_elem), '[]'::jsonb) from jsonb_array_elements(pgrst_payload.json_data) as pgrst_elem) ` +
      `else jsonb_build_array(${defaultsObject} || pgrst_payload.json_data) end as val) as pgrst_json_defs`;
    insert =
      `insert into ${target} as pgrst_target (${cols.map(ident).join(', ')}) ` +
      `select ${cols.map((c) => `pgrst_body.${ident(c)}`).join(', ')} from (select ${payload}::jsonb as json_data) as pgrst_payload, lateral ${withDefaults}, ` +
      `lateral (select * from jsonb_to_recordset(pgrst_json_defs.val) as pgrst_x(${typed})) as pgrst_body`;
  } else {
    insert =
      `insert into ${target} as pgrst_target (${cols.map(ident).join(', ')}) ` +
      `select ${cols.map(ident).join(', ')} from json_populate_recordset(null::${target}, ${rows}) as pgrst_r`;
  }
  let returning = 'returning pgrst_target.*';
  let extra = '';
  if (options.upsert) {
    // Postgres names an unknown ON CONFLICT column unqualified.
    for (const c of options.upsert.onConflict) if (!relation.columns.has(c)) throw new ApiError(400, '42703', `column "${c}" does not exist`);
    const conflict = `(${options.upsert.onConflict.map(ident).join(', ')})`;
    const nonKey = cols.filter((c) => !options.upsert!.onConflict.includes(c));
    // A payload of only the conflict key still answers the existing row (set to itself), as PostgREST.
    const updatable = nonKey.length > 0 ? nonKey : cols;
    if (options.upsert.resolution === 'ignore-duplicates' || updatable.length === 0) {
      insert += ` on conflict ${conflict} do nothing`;
    } else {
      insert += ` on conflict ${conflict} do update set ${updatable.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
    }
    returning += ', (pgrst_target.xmax = 0) as pgrst_inserted';
    extra = ', (select coalesce(bool_or(pgrst_inserted), false) from pgrst_source) as inserted';
  }
  const sql = `with pgrst_source as (${insert} ${returning}) ${finalSelect(root, params, shape, relation, extra)}`;
  return { sql, values: params.values };
}

export interface MutationOptions {
  /** Filters of the request, compiled against the target table aliased like the plan's root. */
  filterNode: PlanNode;
  limit: number | null;
  offset: number | null;
}

/**
 * pg-safeupdate, loaded for API sessions on Supabase: an UPDATE or DELETE without a WHERE clause
 * fails with 21000 (HTTP 400 in PostgREST). A limit gives the statement a WHERE (on ctids).
 */
function requireWhere(verb: 'UPDATE' | 'DELETE', where: string): void {
  if (where === '') throw new ApiError(400, '21000', `${verb} requires a WHERE clause`);
}

function mutationWhere(relation: Relation, options: MutationOptions, params: Params): string {
  const alias = ident(options.filterNode.alias);
  const where = whereSql(options.filterNode, params);
  if (options.limit !== null || (options.offset !== null && options.offset > 0)) {
    if (relation.kind !== 'table' && relation.kind !== 'partitioned_table') {
      throw new ApiError(400, 'PGRST100', 'limit/offset on PATCH or DELETE is only supported on tables');
    }
    // Limited update/delete as PostgREST 12: restrict to the ctids of the first rows.
    const order = options.filterNode.params.order ?? [];
    if (order.some((t) => t.relation !== null || t.field.jsonPath.length > 0)) {
      throw new ApiError(400, 'PGRST100', 'A limited PATCH or DELETE may only be ordered by columns of the table');
    }
    const orderText =
      order.length === 0
        ? ''
        : ' order by ' +
          order.map((t) => `${alias}.${ident(t.field.name)}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`).join(', ');
    const innerWhere = where.length > 0 ? ` where ${where.join(' and ')}` : '';
    let limits = '';
    if (options.limit !== null) limits += ` limit ${params.add(options.limit)}::bigint`;
    if (options.offset !== null && options.offset > 0) limits += ` offset ${params.add(options.offset)}::bigint`;
    return ` where ${alias}.ctid = any(array(select ${alias}.ctid from ${qualified(relation.schema, relation.name)} as ${alias}${innerWhere}${orderText}${limits}))`;
  }
  return where.length > 0 ? ` where ${where.join(' and ')}` : '';
}

export function buildUpdate(relation: Relation, root: PlanNode, bodyJson: string, columns: string[], mutation: MutationOptions, shape: WriteResultShape): { sql: string; values: unknown[] } {
  const params = new Params();
  const payload = params.add(bodyJson);
  const target = qualified(relation.schema, relation.name);
  const alias = ident(mutation.filterNode.alias);
  const where = mutationWhere(relation, mutation, params);
  requireWhere('UPDATE', where);
  const set = columns.map((c) => `${ident(c)} = pgrst_r.${ident(c)}`).join(', ');
  const update = `update ${target} as ${alias} set ${set} from (select * from json_populate_record(null::${target}, ${payload}::json)) as pgrst_r${where} returning ${alias}.*`;
  return { sql: `with pgrst_source as (${update}) ${finalSelect(root, params, shape, relation, '')}`, values: params.values };
}

export function buildDelete(relation: Relation, root: PlanNode, mutation: MutationOptions, shape: WriteResultShape): { sql: string; values: unknown[] } {
  const params = new Params();
  const alias = ident(mutation.filterNode.alias);
  const where = mutationWhere(relation, mutation, params);
  requireWhere('DELETE', where);
  const del = `delete from ${qualified(relation.schema, relation.name)} as ${alias}${where} returning ${alias}.*`;
  return { sql: `with pgrst_source as (${del}) ${finalSelect(root, params, shape, relation, '')}`, values: params.values };
}

/** PATCH body: one JSON object whose keys are columns of the relation. */
export function updateColumns(relation: Relation, payload: unknown, columnsParam: string[] | null): string[] {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw invalidBody('Expected a single JSON object in the request body for PATCH');
  }
  const keys = columnsParam ?? Object.keys(payload);
  for (const key of keys) {
    if (!relation.columns.has(key)) throw columnNotInCache(relation.name, key);
  }
  return [...new Set(keys)];
}
