// Plans a read (select tree + filters + order + limits) against the schema cache and compiles it
// to ONE SQL statement in PostgREST's style: Postgres builds the JSON body (json_agg / row_to_json,
// embeds as correlated subqueries) and the counts. Identifiers come from the schema cache and are
// quoted; every value from the request is a bind parameter.
import { IS_VALUES } from '../sql/filter-grammar.ts';
import { arrayLiteral, ident, literal, Params, qualified, sqlOperator } from '../sql/sql-text.ts';
import { ApiError, UndefinedColumnError } from './errors.ts';
import type { Aggregate, Condition, FieldRef, Filter, NodeParams, OrderTerm, ParsedQuery, SelectItem } from './parse-query.ts';
import { isToOne, resolveEmbed, type Relationship } from './relationships.ts';
import type { Column, SchemaCache } from './schema-cache.ts';

export { ident, literal, Params };

/** What rows a node reads: a table/view of the cache, a function call, or a write's CTE. */
export interface Source {
  /** Name used in error messages and for relationships (relation name in the cache). */
  name: string;
  /** Relation name in the cache for embedding, null when the rows are not a relation's. */
  relationName: string | null;
  columns: Map<string, Column>;
  columnList: Column[];
  /** Computed fields usable on these rows (functions taking the relation's row type). */
  computed?: Map<string, Column>;
  /** Schema of the relation (for embeds and computed relationships). */
  schema: string;
  /** FROM item (without alias). */
  from: (params: Params) => string;
}

export function relationSource(cache: SchemaCache, name: string): Source | null {
  const relation = cache.relations.get(name);
  if (!relation) return null;
  return {
    name,
    relationName: name,
    columns: relation.columns,
    columnList: relation.columnList,
    computed: relation.computed,
    schema: cache.schema,
    from: () => qualified(cache.schema, name),
  };
}

type PlannedItem =
  | {
      kind: 'expr';
      field: FieldRef;
      /** The cast as requested (checked against CASTS when the plan is validated). */
      cast: string | null;
      name: string;
      /** Named by an alias (explicit, or the key of a JSON path): grouped by its output column. */
      aliased: boolean;
      /** `count()`, `col.sum()` …: an aggregate of the (cast) value. */
      aggregate: Aggregate | null;
    }
  | { kind: 'embed'; embed: PlannedEmbed }
  /** A column of a spread embed (`...rel(col)`), read from the embedded row(s). */
  | { kind: 'spread'; embed: PlannedEmbed; item: PlannedItem; name: string };

/** Output name of a planned item. */
function itemName(item: PlannedItem): string {
  return item.kind === 'embed' ? item.embed.name : item.name;
}

/**
 * The aggregate a select item computes in its node: its own, or (PostgREST's hoisting) the one at the
 * end of a chain of to-one spreads, applied over the spread value in this node.
 */
function aggregateOf(item: PlannedItem): Aggregate | null {
  if (item.kind === 'expr') return item.aggregate;
  if (item.kind === 'spread' && isToOne(item.embed.relationship)) return aggregateOf(item.item);
  return null;
}

export interface PlannedEmbed {
  /** Output key and filter path segment: alias, else the requested name. */
  name: string;
  /** PostgREST's alias of the embed's lateral join, `<parent>_<name>_<depth>`; two equal → 42712. */
  joinAlias: string;
  relationship: Relationship;
  inner: boolean;
  /** False for `embed()` with no columns and for spreads: no key of its own in the output. */
  output: boolean;
  /** `...rel(cols)`: its columns are the parent's. */
  spread: boolean;
  node: PlanNode;
}

export interface PlanNode {
  source: Source;
  /**
   * The node's rows' alias, PostgREST's (so that Postgres names them in errors as it names
   * PostgREST's): the relation's name at the root, `<table>_<depth>` in embeds (the table's name for
   * the target of a many-to-many embed).
   */
  alias: string;
  items: PlannedItem[];
  embeds: PlannedEmbed[];
  params: NodeParams;
}

/** Casts allowed in `select=col::type`, mapped to their SQL spelling (a closed Map lookup). */
const CASTS = new Map<string, string>(Object.entries({
  text: 'text',
  varchar: 'varchar',
  char: 'char',
  int: 'integer',
  integer: 'integer',
  int2: 'smallint',
  smallint: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'real',
  float4: 'real',
  float8: 'double precision',
  'double precision': 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
}));

/** The output name of a column without alias: the last key of its JSON path (PostgREST's lastJsonKey). */
function columnName(field: FieldRef): string {
  const last = field.jsonPath[field.jsonPath.length - 1];
  if (!last) return field.name;
  if (!/^-?\d+$/.test(last.key)) return last.key;
  // `data->1->x->>2` is named x, `data->3` data: the last key that is not an array index.
  const key = [...field.jsonPath].reverse().find((step) => !/^-?\d+$/.test(step.key));
  return key ? key.key : field.name;
}

class Planner {
  constructor(
    private readonly cache: SchemaCache,
    private readonly parsed: ParsedQuery,
  ) {}

  plan(source: Source, items: SelectItem[], path: string, alias: string, depth: number, ancestors: readonly string[]): PlanNode {
    const node: PlanNode = {
      source,
      alias,
      items: [],
      embeds: [],
      params: this.parsed.nodes.get(path) ?? { conditions: [], order: null, limit: null, offset: null },
    };
    const names = new Set<string>();
    const add = (item: PlannedItem) => {
      // Two items with one output name: the last one wins, as in PostgREST's JSON.
      const name = itemName(item);
      if (names.has(name)) node.items.splice(node.items.findIndex((other) => itemName(other) === name), 1);
      else names.add(name);
      node.items.push(item);
    };
    for (const item of items) {
      if (item.kind === 'star') {
        for (const column of source.columnList) {
          add({ kind: 'expr', field: { name: column.name, jsonPath: [] }, cast: null, name: column.name, aliased: false, aggregate: null });
        }
        continue;
      }
      if (item.kind === 'column') {
        // Columns and casts are checked later (validatePlan), in the order Postgres checks PostgREST's query.
        const aggregate = item.aggregate ?? null;
        const name = item.alias ?? (aggregate ? aggregate.fn : columnName(item.field));
        const aliased = item.alias !== null || (aggregate === null && item.field.jsonPath.length > 0);
        add({ kind: 'expr', field: item.field, cast: item.cast, name, aliased, aggregate });
        continue;
      }
      if (source.relationName === null) {
        throw new ApiError(
          400,
          'PGRST200',
          `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
          `Searched for a foreign key relationship between '${source.name}' and '${item.relation}' in the schema '${source.schema}', but no matches were found.`,
        );
      }
      const resolved = resolveEmbed(this.cache, source.relationName, item.relation, item.hint);
      const name = item.alias ?? item.relation;
      const childPath = path === '' ? name : `${path}.${name}`;
      const childSource = relationSource(this.cache, resolved.target.name)!;
      // PostgREST aliases an embedded table `<table>_<depth>`, except the target of a many-to-many
      // embed (joined to its junction unaliased); never an alias an enclosing node already has.
      const scope = [...ancestors, alias];
      let childAlias = `${resolved.target.name}_${depth + 1}`;
      if (resolved.relationship.kind === 'junction' && !scope.includes(resolved.target.name)) childAlias = resolved.target.name;
      const embed: PlannedEmbed = {
        name,
        joinAlias: `${source.relationName}_${name}_${depth + 1}`,
        relationship: resolved.relationship,
        inner: item.joinType === 'inner',
        output: item.items.length > 0 && !item.spread,
        spread: item.spread,
        node: this.plan(childSource, item.items, childPath, childAlias, depth + 1, scope),
      };
      node.embeds.push(embed);
      if (item.spread) {
        for (const inner of embed.node.items) add({ kind: 'spread', embed, item: inner, name: itemName(inner) });
      } else if (embed.output) add({ kind: 'embed', embed });
    }
    return node;
  }
}

/** The `count` of PostgREST's backwards-compatible embedded count (`rel(count)`). */
const ROW_COUNT: Column = { name: 'count', castType: '"pg_catalog"."int8"', typeName: 'bigint', nullable: false, defaultExpr: null, generated: true, rowCount: true };

/**
 * A column or computed field of a node's rows; in a select list, `count` when the source has no such
 * column (Postgres reads `t.count` as count(t), which PostgREST relies on). An unknown one is
 * Postgres's 42703 naming the node's alias, as PostgREST's query makes Postgres name it.
 */
function findField(node: PlanNode, name: string, allowCount = false): Column {
  const source = node.source;
  const column = source.columns.get(name) ?? source.computed?.get(name);
  if (column) return column;
  if (allowCount && name === 'count') return ROW_COUNT;
  throw new UndefinedColumnError(node.alias, name, source.relationName === null ? null : { schema: source.schema, relation: source.relationName });
}

/** The embed paths (`a`, `a.b`) of a select tree, by alias or name. */
function selectPaths(items: readonly SelectItem[], prefix: string, out: Set<string>): Set<string> {
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const path = prefix === '' ? (item.alias ?? item.relation) : `${prefix}.${item.alias ?? item.relation}`;
    out.add(path);
    selectPaths(item.items, path, out);
  }
  return out;
}

/**
 * Every `embed.path` used by filters/order/limit names an embed of the select; else 400 PGRST108,
 * before any embed is resolved (PostgREST adds filters to its plan tree first).
 */
function checkPaths(parsed: ParsedQuery): void {
  const paths = selectPaths(parsed.select, '', new Set());
  for (const path of parsed.nodes.keys()) {
    if (path === '') continue;
    const segments = path.split('.');
    for (let i = 1; i <= segments.length; i += 1) {
      if (paths.has(segments.slice(0, i).join('.'))) continue;
      const segment = segments[i - 1]!;
      throw new ApiError(400, 'PGRST108', `'${segment}' is not an embedded resource in this request`, null, `Verify that '${segment}' is included in the 'select' query parameter.`);
    }
  }
}

/** Whether any node of the plan uses an aggregate. */
function usesAggregates(node: PlanNode): boolean {
  return node.items.some((item) => item.kind === 'expr' && item.aggregate !== null) || node.embeds.some((embed) => usesAggregates(embed.node));
}

/** PostgREST refuses aggregates in to-many spreads (after hoisting those of to-one spreads into them). */
function checkToManySpreads(node: PlanNode): void {
  for (const embed of node.embeds) {
    if (embed.spread && !isToOne(embed.relationship) && embed.node.items.some((item) => aggregateOf(item) !== null)) {
      throw new ApiError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.');
    }
    checkToManySpreads(embed.node);
  }
}

function checkCast(cast: string | null): void {
  if (cast !== null && !CASTS.has(cast.toLowerCase())) throw new ApiError(400, '42704', `type "${cast}" does not exist`);
}

/**
 * The errors Postgres raises on PostgREST's query, in the order it raises them: a node's embeds
 * first (each a lateral subquery of its FROM, then the check of its alias against the previous
 * ones: 42712), then its filters, its select list (columns 42703, casts 42704) and its order.
 */
function checkColumns(node: PlanNode): void {
  const joins = new Set<string>();
  for (const embed of node.embeds) {
    checkColumns(embed.node);
    if (joins.has(embed.joinAlias)) throw new ApiError(400, '42712', `table name "${embed.joinAlias}" specified more than once`);
    joins.add(embed.joinAlias);
  }
  const walk = (conditions: Condition[]) => {
    for (const c of conditions) {
      if (c.kind === 'logic') walk(c.children);
      else if (!node.embeds.some((e) => e.name === c.field.name && c.field.jsonPath.length === 0)) findField(node, c.field.name);
    }
  };
  walk(node.params.conditions);
  for (const item of node.items) {
    if (item.kind !== 'expr') continue;
    if (item.field.name !== '*' || item.aggregate === null) findField(node, item.field.name, item.field.jsonPath.length === 0 && item.aggregate === null);
    checkCast(item.cast);
    checkCast(item.aggregate?.cast ?? null);
  }
  for (const term of node.params.order ?? []) {
    if (term.relation === null) findField(node, term.field.name);
    else findField(node.embeds.find((e) => e.name === term.relation)!.node, term.field.name);
  }
}

export interface PlanOptions {
  /** `db-aggregates-enabled`: else an aggregate is 400 PGRST123. */
  aggregatesEnabled?: boolean;
}

export function planRead(cache: SchemaCache, source: Source, parsed: ParsedQuery, options: PlanOptions = {}): PlanNode {
  checkPaths(parsed);
  const planner = new Planner(cache, parsed);
  const root = planner.plan(source, parsed.select, '', source.name, 0, []);
  // Related orders: on an embed of the request, a to-one one.
  const visit = (node: PlanNode) => {
    for (const term of node.params.order ?? []) {
      if (term.relation === null) continue;
      const embed = node.embeds.find((e) => e.name === term.relation);
      if (!embed) {
        throw new ApiError(400, 'PGRST108', `'${term.relation}' is not an embedded resource in this request`, null, `Verify that '${term.relation}' is included in the 'select' query parameter.`);
      }
      if (!isToOne(embed.relationship)) {
        throw new ApiError(
          400,
          'PGRST118',
          `A related order on '${embed.name}' is not possible`,
          `'${node.source.name}' and '${embed.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
    }
    node.embeds.forEach((e) => visit(e.node));
  };
  visit(root);
  if (!options.aggregatesEnabled && usesAggregates(root)) throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  checkToManySpreads(root);
  checkColumns(root);
  return root;
}

function fieldSql(node: PlanNode, field: FieldRef, params: Params, allowCount = false): string {
  const column = findField(node, field.name, allowCount && field.jsonPath.length === 0);
  let sql: string;
  if (column.rowCount) sql = 'pg_catalog.count(*)';
  else if (column.computedFn) sql = `${column.computedFn}(${ident(node.alias)})`;
  else sql = `${ident(node.alias)}.${ident(field.name)}`;
  for (const step of field.jsonPath) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::integer` : `${params.add(step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
  }
  return field.jsonPath.length > 0 ? `(${sql})` : sql;
}

const FTS_FUNCTIONS = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' } as const;

function filterSql(node: PlanNode, filter: Filter, params: Params): string {
  // `embed=is.null` / `embed=not.is.null`: parents with (or without) a matching embedded row.
  const embed = filter.field.jsonPath.length === 0 ? node.embeds.find((e) => e.name === filter.field.name) : undefined;
  if (embed) {
    if (filter.value.op !== 'is' || (filter.value.value !== 'null' && filter.value.value !== 'not_null')) {
      throw new ApiError(400, 'PGRST120', `Bad operator on the '${embed.name}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources');
    }
    const exists = existsSql(node, embed, params);
    const wantNull = (filter.value.value === 'null') !== filter.negate;
    return wantNull ? `not ${exists}` : exists;
  }
  const column = findField(node, filter.field.name);
  const left = fieldSql(node, filter.field, params);
  const typed = filter.field.jsonPath.length === 0;
  const cast = (placeholder: string) => (typed ? `${placeholder}::${column.castType}` : placeholder);
  const v = filter.value;
  let sql: string;
  switch (v.op) {
    case 'is': {
      sql = `${left} is ${IS_VALUES.get(v.value)!}`;
      break;
    }
    case 'in':
      sql = `${left} = any(${typed ? `${params.add(arrayLiteral(v.values))}::${column.castType}[]` : params.add(arrayLiteral(v.values))})`;
      break;
    case 'like':
    case 'ilike':
    case 'match':
    case 'imatch': {
      const pattern = v.op === 'like' || v.op === 'ilike' ? v.value.replace(/\*/g, '%') : v.value;
      sql = 'quantifier' in v ? `${left} ${sqlOperator(v.op)} ${v.quantifier}(${params.add(pattern)}::text[])` : `${left} ${sqlOperator(v.op)} ${params.add(pattern)}::text`;
      break;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = FTS_FUNCTIONS[v.op];
      const vector = column.typeName === 'tsvector' ? left : v.language ? `to_tsvector(${params.add(v.language)}::regconfig, ${left}::text)` : `to_tsvector(${left}::text)`;
      const query = v.language ? `${fn}(${params.add(v.language)}::regconfig, ${params.add(v.value)}::text)` : `${fn}(${params.add(v.value)}::text)`;
      sql = `${vector} @@ ${query}`;
      break;
    }
    default:
      sql =
        'quantifier' in v
          ? `${left} ${sqlOperator(v.op)} ${v.quantifier}(${typed ? `${params.add(v.value)}::${column.castType}[]` : `${params.add(v.value)}::text[]`})`
          : `${left} ${sqlOperator(v.op)} ${cast(params.add(v.value))}`;
  }
  return filter.negate ? `not (${sql})` : sql;
}

function conditionSql(node: PlanNode, condition: Condition, params: Params): string {
  if (condition.kind === 'filter') return filterSql(node, condition, params);
  const parts = condition.children.map((c) => conditionSql(node, c, params));
  const joined = parts.length === 0 ? (condition.op === 'and' ? 'true' : 'false') : `(${parts.join(` ${condition.op} `)})`;
  return condition.negate ? `not ${joined}` : joined;
}

/** FROM items and correlation of an embed's rows with its parent row. */
function embedFrom(parent: PlanNode, embed: PlannedEmbed, params: Params): { from: string; correlation: string[] } {
  const child = embed.node;
  const rel = embed.relationship;
  if (rel.kind === 'computed') {
    // A computed relationship: the function called with the parent row.
    return { from: `${rel.fn}(${ident(parent.alias)}) as ${ident(child.alias)}`, correlation: ['true'] };
  }
  const childFrom = `${child.source.from(params)} as ${ident(child.alias)}`;
  if (rel.kind === 'direct') {
    return {
      from: childFrom,
      correlation: rel.targetColumns.map((col, i) => `${ident(child.alias)}.${ident(col)} = ${ident(parent.alias)}.${ident(rel.parentColumns[i]!)}`),
    };
  }
  const j = ident(`${child.alias}_j`);
  const on = rel.fkTarget.fromColumns.map((col, i) => `${j}.${ident(col)} = ${ident(child.alias)}.${ident(rel.fkTarget.toColumns[i]!)}`).join(' and ');
  return {
    from: `${childFrom} join ${qualified(child.source.schema, rel.junction)} as ${j} on ${on}`,
    correlation: rel.fkParent.fromColumns.map((col, i) => `${j}.${ident(col)} = ${ident(parent.alias)}.${ident(rel.fkParent.toColumns[i]!)}`),
  };
}

/** WHERE conditions of a node: its filters and the existence of its !inner embeds. */
export function whereSql(node: PlanNode, params: Params): string[] {
  const out = node.params.conditions.map((c) => conditionSql(node, c, params));
  for (const embed of node.embeds) {
    if (embed.inner) out.push(existsSql(node, embed, params));
  }
  return out;
}

function existsSql(parent: PlanNode, embed: PlannedEmbed, params: Params): string {
  const { from, correlation } = embedFrom(parent, embed, params);
  const where = [...correlation, ...whereSql(embed.node, params)];
  return `exists (select 1 from ${from} where ${where.join(' and ')})`;
}

function orderSql(node: PlanNode, order: OrderTerm[] | null, params: Params): string {
  if (!order || order.length === 0) return '';
  const terms = order.map((t) => {
    let sql: string;
    const embed = t.relation === null ? undefined : node.embeds.find((e) => e.name === t.relation);
    if (embed) {
      // Related order on a to-one embed: the embedded row's value as a scalar subquery.
      const { from, correlation } = embedFrom(node, embed, params);
      sql = `(select ${fieldSql(embed.node, t.field, params)} from ${from} where ${correlation.join(' and ')} limit 1)`;
    } else {
      sql = fieldSql(node, t.field, params);
    }
    if (t.direction) sql += ` ${t.direction}`;
    if (t.nulls) sql += ` nulls ${t.nulls}`;
    return sql;
  });
  return ` order by ${terms.join(', ')}`;
}

function limitSql(limit: number | null, offset: number | null, params: Params): string {
  let sql = '';
  if (limit !== null) sql += ` limit ${params.add(limit)}::bigint`;
  if (offset !== null && offset > 0) sql += ` offset ${params.add(offset)}::bigint`;
  return sql;
}

/** The select list of a node (columns, casts, JSON paths, aggregates and embeds). */
export function selectListSql(node: PlanNode, params: Params): string {
  const parts = node.items.map((item) => `${itemSql(node, item, params)} as ${ident(itemName(item))}`);
  return parts.length > 0 ? parts.join(', ') : '';
}

/** Whether the node's select list holds an aggregate (its own, or hoisted from to-one spreads). */
function groupsRows(node: PlanNode): boolean {
  return node.items.some((item) => aggregateOf(item) !== null);
}

/**
 * ` group by …` of a node whose select list holds an aggregate (PostgREST's groupF): every other item,
 * an aliased one (and an embed) by its place in the select list, a plain column by its value.
 */
export function groupBySql(node: PlanNode, params: Params): string {
  if (!groupsRows(node)) return '';
  const terms: string[] = [];
  node.items.forEach((item, index) => {
    if (aggregateOf(item) !== null) return;
    if (item.kind === 'expr' && !item.aliased) terms.push(fieldSql(node, item.field, params, true));
    else terms.push(String(index + 1));
  });
  return terms.length > 0 ? ` group by ${terms.join(', ')}` : '';
}

const AGGREGATE_SQL: Readonly<Record<Aggregate['fn'], string>> = {
  count: 'pg_catalog.count',
  sum: 'pg_catalog.sum',
  avg: 'pg_catalog.avg',
  min: 'pg_catalog.min',
  max: 'pg_catalog.max',
};

/** An aggregate over a value, with the cast of its result. */
function aggregateSql(aggregate: Aggregate, value: string): string {
  const sql = `${AGGREGATE_SQL[aggregate.fn]}(${value})`;
  return aggregate.cast === null ? sql : `${sql}::${CASTS.get(aggregate.cast.toLowerCase())!}`;
}

/** A column's value with its cast (before any aggregate); `*` (count()) is the whole row. */
function valueSql(node: PlanNode, item: Extract<PlannedItem, { kind: 'expr' }>, params: Params): string {
  if (item.field.name === '*') return `${ident(node.alias)}.*`;
  const sql = fieldSql(node, item.field, params, item.aggregate === null);
  return item.cast ? `${sql}::${CASTS.get(item.cast.toLowerCase())!}` : sql;
}

/** The value of one select item on a row (or, aggregated, a group) of `node`. */
function itemSql(node: PlanNode, item: PlannedItem, params: Params): string {
  if (item.kind === 'expr') {
    const value = valueSql(node, item, params);
    return item.aggregate ? aggregateSql(item.aggregate, value) : value;
  }
  // In a grouped select list an embed is a group term: jsonb, as PostgREST's embeds, has equality.
  if (item.kind === 'embed') return groupsRows(node) ? `(${embedValueSql(node, item.embed, params)})::jsonb` : embedValueSql(node, item.embed, params);
  const aggregate = aggregateOf(item);
  const value = spreadValueSql(node, item, params);
  return aggregate ? aggregateSql(aggregate, value) : value;
}

/**
 * A spread column: the embedded row's value (to-one), or the array of the embedded rows' values
 * (to-many). An aggregate at the end of a chain of to-one spreads is left out here: the parent applies
 * it over this value (hoisting, as PostgREST).
 */
function spreadValueSql(node: PlanNode, item: Extract<PlannedItem, { kind: 'spread' }>, params: Params): string {
  const child = item.embed.node;
  const { from, correlation } = embedFrom(node, item.embed, params);
  const where = [...correlation, ...whereSql(child, params)].join(' and ');
  const inner = item.item;
  let value: string;
  if (inner.kind === 'expr' && inner.aggregate !== null) value = inner.field.name === '*' ? '1' : valueSql(child, inner, params);
  else if (inner.kind === 'spread' && aggregateOf(inner) !== null) value = spreadValueSql(child, inner, params);
  else value = itemSql(child, inner, params);
  if (isToOne(item.embed.relationship)) return `(select ${value} from ${from} where ${where} limit 1)`;
  return `(select coalesce(json_agg(${value}${orderSql(child, child.params.order, params)}), '[]')::jsonb from ${from} where ${where})`;
}

function embedValueSql(parent: PlanNode, embed: PlannedEmbed, params: Params): string {
  const child = embed.node;
  const { from, correlation } = embedFrom(parent, embed, params);
  const where = [...correlation, ...whereSql(child, params)];
  const r = ident(`${child.alias}_r`);
  const select = selectListSql(child, params);
  const group = groupBySql(child, params);
  if (isToOne(embed.relationship)) {
    return `(select row_to_json(${r}) from (select ${select} from ${from} where ${where.join(' and ')}${group} limit 1) as ${r})`;
  }
  const order = orderSql(child, child.params.order, params);
  const limits = limitSql(child.params.limit, child.params.offset, params);
  return `coalesce((select json_agg(${r}) from (select ${select} from ${from} where ${where.join(' and ')}${group}${order}${limits}) as ${r}), '[]')`;
}

export type CountKind = 'exact' | 'planned' | 'estimated' | null;

/** Rows below which `count=estimated` is exact. */
export const ESTIMATE_THRESHOLD = 1000;

export interface ReadOptions {
  count: CountKind;
  /** HEAD: skip building the body. */
  head: boolean;
  limit: number | null;
  offset: number | null;
  /** Build the body as CSV rows (without the header line) instead of a JSON array. */
  csv?: boolean;
  /** `nulls=stripped`: keys with null values are left out of the objects. */
  stripNulls?: boolean;
}

/** Output column names of a node, in order (the CSV header). */
export function outputNames(node: PlanNode): string[] {
  return node.items.map(itemName);
}

/**
 * One CSV line per row, as PostgREST: the row's record text without its parentheses, so a value is
 * quoted only when it needs to be (commas, quotes, spaces, parentheses, empty text); nulls are empty.
 */
const CSV_ROWS = `coalesce(string_agg(substring(pgrst_t::text, 2, length(pgrst_t::text) - 2), E'\\n'), '')`;

/**
 * One statement returning (total, page_total, body): total is the exact count, the count of at
 * most ESTIMATE_THRESHOLD+1 rows (estimated), or null; body is the JSON array text.
 */
export function buildReadStatement(root: PlanNode, options: ReadOptions): { sql: string; values: unknown[] } {
  const params = new Params();
  const from = `${root.source.from(params)} as ${ident(root.alias)}`;
  const where = whereSql(root, params);
  const whereText = where.length > 0 ? ` where ${where.join(' and ')}` : '';
  const select = selectListSql(root, params);
  const main = `select ${select} from ${from}${whereText}${groupBySql(root, params)}${orderSql(root, root.params.order, params)}${limitSql(options.limit, options.offset, params)}`;
  let total = 'null::bigint';
  if (options.count === 'exact') total = `(select pg_catalog.count(*) from ${from}${whereText})`;
  else if (options.count === 'estimated') {
    total = `(select pg_catalog.count(*) from (select 1 from ${from}${whereText} limit ${ESTIMATE_THRESHOLD + 1}) as pgrst_c)`;
  }
  const json = options.stripNulls ? `json_strip_nulls(json_agg(pgrst_t))` : 'json_agg(pgrst_t)';
  const body = options.head ? 'null::text' : options.csv ? CSV_ROWS : `coalesce(${json}, '[]')::text`;
  const sql = `select ${total} as total, pg_catalog.count(*) as page_total, ${body} as body from (${main}) as pgrst_t`;
  return { sql, values: params.values };
}

/** `EXPLAIN (FORMAT JSON)` of the filtered set, for count=planned (own parameters). */
export function buildPlannedCount(root: PlanNode): { sql: string; values: unknown[] } {
  const params = new Params();
  const from = `${root.source.from(params)} as ${ident(root.alias)}`;
  const where = whereSql(root, params);
  const whereText = where.length > 0 ? ` where ${where.join(' and ')}` : '';
  return { sql: `explain (format json) select 1 from ${from}${whereText}`, values: params.values };
}

/** Reads the planner's row estimate from EXPLAIN (FORMAT JSON) output. */
export function planRows(explain: unknown): number {
  const first = Array.isArray(explain) ? (explain[0] as { Plan?: { 'Plan Rows'?: number } } | undefined) : undefined;
  const rows = first?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
}
