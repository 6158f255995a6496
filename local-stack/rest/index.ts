// The PostgREST-compatible REST API of the local stack, mounted at /rest/v1 by server.ts.
// Every request: verify the JWT → parse → plan against the schema cache → ONE statement in ONE
// transaction as the caller's role (read-only for GET/HEAD) → send the JSON text Postgres built.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { clientAddressOf } from '../auth/rate-limit.ts';
import type { RestFairShare } from '../config.ts';
import { withRoleTransaction } from '../db-session.ts';
import { ident, qualified } from '../sql/sql-text.ts';
import { BodyTooLargeError, headerMap, readBody, sendJson } from '../http-util.ts';
import type { HttpModule, HttpModuleFactory } from '../types.ts';
import { CallerResolver, type Caller } from './auth.ts';
import { effectiveSettings, overriddenSettings, type DbSettings, type FileSettings, type RestSettings } from './db-config.ts';
import { ApiError, invalidBody, tableNotFound, toApiError, UndefinedColumnError } from './errors.ts';
import { FairShare, identityOf, type Admission } from './fair-share.ts';
import { negotiateMedia, parsePrefer, type Negotiated, type PlanRequest, type Preferences, type ResponseMedia } from './negotiate.ts';
import { parseQuery, type ParsedQuery } from './parse-query.ts';
import { checkCost } from './request-cost.ts';
import { createSchemaCacheHolder, type SchemaCache, type SchemaCacheHolder } from './schema-cache.ts';
import { FuzzySet } from './fuzzy.ts';
import { argumentNames, bodyMedia, buildScalarCall, chooseRoutine, isSingleUnnamedParam, routineSource } from './sql-rpc.ts';
import { buildPlannedCount, buildReadStatement, ESTIMATE_THRESHOLD, outputNames, planRead, planRows, relationSource, type PlanNode, type Source } from './sql-read.ts';
import { buildDelete, buildInsert, buildUpdate, payloadColumns, updateColumns, writtenRowsSource } from './sql-write.ts';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** SDV_REST_MAX_ROWS: ours, over `[api] max_rows` of supabase/config.toml (PostgREST's db-max-rows). */
function maxRowsOverride(env: NodeJS.ProcessEnv): number | undefined {
  const value = Number.parseInt(env.SDV_REST_MAX_ROWS ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** CSV is offered for rows read by GET/HEAD (tables, views, row-returning functions) only. */
function refuseCsv(media: ResponseMedia): void {
  if (media === 'csv') throw new ApiError(406, 'PGRST107', 'None of these media types are available: text/csv');
}

interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  query: URLSearchParams;
  caller: Caller;
  cache: SchemaCache;
  pool: pg.Pool;
  /** The request's schema followed by `[api] extra_search_path`, as PostgREST: not deduplicated. */
  searchPath: readonly string[];
  /** The caller's share of the pool (fair-share.ts). */
  admission: Admission;
  limits: RestFairShare;
  /** config.toml and the authenticator's `pgrst.*` settings in force (db-config.ts). */
  settings: RestSettings;
  /** `Prefer: tx=rollback` honoured, or `db-tx-end = rollback*` without `tx=commit`. */
  rollback: boolean;
}

interface StatementRow {
  total?: string | number | null;
  page_total: string | number;
  body: string | null;
  location?: string | null;
  inserted?: boolean | null;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | null, head: boolean): void {
  if (body === null || head) {
    if (body !== null) headers['Content-Length'] = Buffer.byteLength(body).toString();
    res.writeHead(status, headers);
    res.end();
    return;
  }
  headers['Content-Length'] = Buffer.byteLength(body).toString();
  res.writeHead(status, headers);
  res.end(body);
}

function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, error.body, error.headers);
}

/**
 * The schema of the request: Accept-Profile (GET/HEAD) or Content-Profile (other methods) among the
 * exposed schemas ([api] schemas of supabase/config.toml), else the first one; others → 406 PGRST106.
 */
export function requestSchema(req: IncomingMessage, method: string, schemas: readonly string[]): string {
  const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return schemas[0]!;
  if (!schemas.includes(value)) {
    throw new ApiError(406, 'PGRST106', `Invalid schema: ${value}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
  }
  return value;
}

/** Limit/offset from the query and the Range header, intersected like PostgREST, within db-max-rows. */
function effectiveRange(req: IncomingMessage, parsed: ParsedQuery, method: string, maxRows: number): { limit: number | null; offset: number | null } {
  const node = parsed.nodes.get('')!;
  let lower = node.offset ?? 0;
  let upper = node.limit !== null ? lower + node.limit - 1 : Number.POSITIVE_INFINITY;
  const header = req.headers['range'];
  if ((method === 'GET' || method === 'HEAD') && typeof header === 'string' && header.trim() !== '') {
    const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
    if (match) {
      const a = Number(match[1]);
      const b = match[2] === '' ? Number.POSITIVE_INFINITY : Number(match[2]);
      if (b < a) {
        throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
      }
      lower = Math.max(lower, a);
      upper = Math.min(upper, b);
    }
  }
  const limit = Number.isFinite(upper) ? Math.min(Math.max(0, upper - lower + 1), maxRows) : maxRows;
  return { limit, offset: lower > 0 ? lower : null };
}

/** Which of the write preferences the request honoured. */
interface Honoured {
  resolution?: boolean;
  missing?: boolean;
  return?: boolean;
}

/** Preference-Applied, in PostgREST's order: resolution, missing, return, count, tx, handling, max-affected. */
function appliedHeader(prefs: Preferences, headers: Record<string, string>, honoured: Honoured = {}): void {
  const applied: string[] = [];
  if (honoured.resolution && prefs.resolution) applied.push(`resolution=${prefs.resolution}`);
  if (honoured.missing && prefs.missing === 'default') applied.push('missing=default');
  if (honoured.return && prefs.return) applied.push(`return=${prefs.return}`);
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (prefs.tx) applied.push(`tx=${prefs.tx}`);
  if (prefs.handling) applied.push(`handling=${prefs.handling}`);
  if (prefs.handling === 'strict' && prefs.maxAffected !== null) applied.push(`max-affected=${prefs.maxAffected}`);
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
}

/** `Prefer: handling=strict, max-affected=N`: more rows touched → 400 PGRST124 (the transaction rolls back). */
function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling === 'strict' && prefs.maxAffected !== null && affected > prefs.maxAffected) {
    throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`);
  }
}

function singularity(rows: number): ApiError {
  return new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/** The element of a one-element JSON array produced by json_agg, without parsing it. */
function unwrapSingle(body: string): string {
  const trimmed = body.trim();
  return trimmed.slice(1, -1).trim();
}

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

async function readJsonBody(req: IncomingMessage, emptyAs: string | null): Promise<{ text: string; value: unknown }> {
  let buffer: Buffer;
  try {
    buffer = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ApiError(413, 'PGRST102', `Request body larger than ${MAX_BODY_BYTES} bytes`, null, 'Send fewer rows per request');
    }
    throw error;
  }
  const text = buffer.toString('utf8');
  if (text.trim() === '') {
    if (emptyAs !== null) return { text: emptyAs, value: JSON.parse(emptyAs) as unknown };
    throw invalidBody('Empty or invalid json');
  }
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

/** Ends a transaction that must not commit (`tx=rollback`), carrying the request's answer out of it. */
class RollbackSignal<T> extends Error {
  constructor(readonly result: T) {
    super('rolled back as the request asked');
  }
}

/**
 * Runs `fn` in the request's one transaction, on a connection of the caller's share of the pool. A
 * request that must not commit (`ctx.rollback`) is rolled back after `set constraints all immediate`
 * (so that deferred constraints still answer their errors), as PostgREST's optionalRollback.
 */
async function inSession<T>(ctx: RequestContext, readOnly: boolean, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const release = await ctx.admission.connection();
  try {
    const options = {
      role: ctx.caller.role,
      claims: ctx.caller.claims,
      readOnly,
      request: { method: ctx.method, path: ctx.path, headers: headerMap(ctx.req) },
      searchPath: ctx.searchPath,
    };
    if (!ctx.rollback) return await withRoleTransaction(ctx.pool, options, fn);
    try {
      await withRoleTransaction(ctx.pool, options, async (client) => {
        const result = await fn(client);
        await client.query('set constraints all immediate');
        throw new RollbackSignal(result);
      });
    } catch (error) {
      if (error instanceof RollbackSignal) return error.result as T;
      throw error;
    }
    throw new Error('unreachable: a rolled back transaction always ends with its signal');
  } finally {
    release();
  }
}

/** The EXPLAIN of a statement for `Accept: application/vnd.pgrst.plan…` (db-plan-enabled). */
function explainSql(plan: PlanRequest, sql: string): string {
  const options = [`format ${plan.format}`, ...plan.options].join(', ');
  return `explain (${options}) ${sql}`;
}

/**
 * Runs the EXPLAIN of the request's statement and answers it, as PostgREST: 200 with the plan (the
 * rows of EXPLAIN, each followed by a new line) and the plan's media type. `analyze` executes the
 * statement, a write included; only `tx=rollback` undoes it.
 */
async function answerPlan(ctx: RequestContext, negotiated: Negotiated, statement: { sql: string; values: unknown[] }, readOnly: boolean, prefs: Preferences): Promise<void> {
  const plan = negotiated.plan!;
  const lines = await inSession(ctx, readOnly, async (client) => {
    // The plan as Postgres writes it (pg would parse the json column).
    const result = await client.query<{ 'QUERY PLAN': string }>({ text: explainSql(plan, statement.sql), values: statement.values, types: { getTypeParser: () => (value: string) => value } });
    return result.rows.map((row) => row['QUERY PLAN']);
  });
  const headers: Record<string, string> = { 'Content-Type': negotiated.contentType };
  appliedHeader(prefs, headers);
  send(ctx.res, 200, headers, lines.map((line) => `${line}\n`).join(''), ctx.method === 'HEAD');
}

/** The plan of a read, refused with 400 SDV003 when it costs more than the limits (request-cost.ts). */
function planChecked(ctx: RequestContext, source: Source, parsed: ParsedQuery): PlanNode {
  const plan = planRead(ctx.cache, source, parsed, { aggregatesEnabled: ctx.settings.aggregatesEnabled });
  checkCost(plan, ctx.limits);
  return plan;
}

/** Runs a read statement (and the planned count when asked) and answers it. */
async function answerRead(
  ctx: RequestContext,
  plan: PlanNode,
  prefs: Preferences,
  negotiated: Negotiated,
  range: { limit: number | null; offset: number | null },
  readOnly: boolean,
  singleRow: boolean,
  maxAffected = false,
): Promise<void> {
  const head = ctx.method === 'HEAD';
  const media = negotiated.media;
  const statement = buildReadStatement(plan, { count: prefs.count, head, limit: range.limit, offset: range.offset, csv: media === 'csv', stripNulls: negotiated.stripNulls });
  if (negotiated.plan) {
    await answerPlan(ctx, negotiated, statement, readOnly, prefs);
    return;
  }
  const { row, total, pageTotal } = await inSession(ctx, readOnly, async (client) => {
    const result = await client.query<StatementRow>({ text: statement.sql, values: statement.values });
    const first = result.rows[0]!;
    const pageTotal = toNumber(first.page_total) ?? 0;
    if (maxAffected) checkMaxAffected(prefs, pageTotal);
    let count = toNumber(first.total);
    if (prefs.count === 'planned' || (prefs.count === 'estimated' && count !== null && count > ESTIMATE_THRESHOLD)) {
      const planned = buildPlannedCount(plan);
      const explain = await client.query<{ 'QUERY PLAN': unknown }>({ text: planned.sql, values: planned.values });
      count = planRows(explain.rows[0]?.['QUERY PLAN']);
      // The exact count already saw more rows than the threshold and this page holds its rows: an
      // estimate below either is known to be wrong (a planner guess of 10 for 5,948 matches).
      if (prefs.count === 'estimated' && count !== null) {
        count = Math.max(count, ESTIMATE_THRESHOLD + 1, (range.offset ?? 0) + pageTotal);
      }
    }
    if (media === 'object' && pageTotal !== 1) throw singularity(pageTotal);
    return { row: first, total: count, pageTotal };
  });
  const lower = range.offset ?? 0;
  const headers: Record<string, string> = { 'Content-Type': negotiated.contentType };
  appliedHeader(prefs, headers);
  if (total !== null && lower > total && !singleRow) {
    headers['Content-Range'] = `*/${total}`;
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${lower} was requested, but there are only ${total} rows.`, null, headers);
  }
  const upper = lower + pageTotal - 1;
  headers['Content-Range'] = pageTotal > 0 ? `${lower}-${upper}/${total ?? '*'}` : `*/${total ?? '*'}`;
  const status = total !== null && 1 + upper - lower < total && !singleRow ? 206 : 200;
  let body = row.body;
  if (body !== null && media === 'csv') {
    // PostgREST: the header line holds the first row's keys (none without rows), unquoted.
    body = `${pageTotal > 0 ? outputNames(plan).join(',') : ''}\n${body}`;
  } else if (body !== null && (media === 'object' || singleRow)) body = pageTotal === 1 ? unwrapSingle(body) : 'null';
  send(ctx.res, status, headers, body ?? '', head);
}

async function handleRead(ctx: RequestContext, name: string): Promise<void> {
  const source = relationSource(ctx.cache, name);
  if (!source) throw tableNotFound(ctx.cache.schema, name, new FuzzySet(ctx.cache.relations.keys()).getOne(name));
  const negotiated = negotiateMedia(ctx.req.headers['accept'], ctx.settings.planEnabled);
  const prefs = preferences(ctx);
  const parsed = parseQuery(ctx.query);
  const range = effectiveRange(ctx.req, parsed, ctx.method, ctx.settings.maxRows);
  const plan = planChecked(ctx, source, parsed);
  await answerRead(ctx, plan, prefs, negotiated, range, true, false);
}

async function handleWrite(ctx: RequestContext, name: string): Promise<void> {
  const relation = ctx.cache.relations.get(name);
  if (!relation) throw tableNotFound(ctx.cache.schema, name, new FuzzySet(ctx.cache.relations.keys()).getOne(name));
  const negotiated = negotiateMedia(ctx.req.headers['accept'], ctx.settings.planEnabled);
  const media = negotiated.media;
  refuseCsv(media);
  const prefs = preferences(ctx);
  const parsed = parseQuery(ctx.query);
  const root = parsed.nodes.get('')!;
  const plan = planChecked(ctx, writtenRowsSource(relation), parsed);
  const representation = prefs.return === 'representation';
  const shape = { representation, wantLocation: prefs.return === 'headers-only', stripNulls: negotiated.stripNulls };
  const honoured: Honoured = { return: true };

  let statement: { sql: string; values: unknown[] };
  let emptyPatch = false;
  if (ctx.method === 'POST') {
    const body = await readJsonBody(ctx.req, null);
    const columns = payloadColumns(relation, body.value, parsed.columns);
    let upsert: { onConflict: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null = null;
    if (prefs.resolution) {
      const onConflict = parsed.onConflict ?? relation.primaryKey;
      if (onConflict.length === 0) {
        throw new ApiError(400, 'PGRST100', `"failed to parse on_conflict"`, `'${relation.name}' has no primary key: send on_conflict`);
      }
      upsert = { onConflict, resolution: prefs.resolution };
      honoured.resolution = true;
    }
    honoured.missing = true;
    statement = buildInsert(relation, plan, body.text, { columns, missingDefault: prefs.missing === 'default', upsert }, shape);
  } else if (ctx.method === 'PUT') {
    // PUT: insert or replace the one row named by its whole primary key (eq filters only).
    const pk = relation.primaryKey;
    const filters = root.conditions;
    const byPk = new Map<string, string>();
    let onlyPkEq = true;
    for (const c of filters) {
      if (c.kind === 'filter' && !c.negate && c.value.op === 'eq' && c.field.jsonPath.length === 0 && pk.includes(c.field.name) && !byPk.has(c.field.name)) {
        byPk.set(c.field.name, c.value.value);
      } else onlyPkEq = false;
    }
    if (!onlyPkEq || pk.length === 0 || pk.some((k) => !byPk.has(k))) {
      throw new ApiError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
    }
    if (root.limit !== null || root.offset !== null) throw new ApiError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
    const body = await readJsonBody(ctx.req, null);
    if (body.value === null || typeof body.value !== 'object' || Array.isArray(body.value)) throw invalidBody('Expected a single JSON object in the request body for PUT');
    const payload = body.value as Record<string, unknown>;
    if (pk.some((k) => !(k in payload) || String(payload[k]) !== byPk.get(k))) {
      throw new ApiError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
    }
    const columns = payloadColumns(relation, payload, parsed.columns);
    statement = buildInsert(relation, plan, body.text, { columns, missingDefault: false, upsert: { onConflict: pk, resolution: 'merge-duplicates' } }, shape);
  } else if (ctx.method === 'PATCH') {
    const body = await readJsonBody(ctx.req, null);
    const columns = updateColumns(relation, body.value, parsed.columns);
    emptyPatch = columns.length === 0;
    statement = buildUpdate(relation, plan, body.text, columns, { filterNode: plan, limit: root.limit, offset: root.offset }, shape);
  } else {
    statement = buildDelete(relation, plan, { filterNode: plan, limit: root.limit, offset: root.offset }, shape);
  }

  if (negotiated.plan) {
    await answerPlan(ctx, negotiated, statement, false, prefs);
    return;
  }
  const headers: Record<string, string> = {};
  appliedHeader(prefs, headers, honoured);
  if (emptyPatch) {
    // PostgREST: an empty PATCH body updates nothing.
    headers['Content-Range'] = '*/*';
    if (representation) {
      headers['Content-Type'] = JSON_TYPE;
      send(ctx.res, 200, headers, '[]', false);
    } else send(ctx.res, 204, headers, null, false);
    return;
  }
  const row = await inSession(ctx, false, async (client) => {
    const result = await client.query<StatementRow>({ text: statement.sql, values: statement.values });
    const first = result.rows[0]!;
    const affected = toNumber(first.page_total) ?? 0;
    // A write answered as one object must touch exactly one row, else it is rolled back.
    if (media === 'object' && affected !== 1) throw singularity(affected);
    if (ctx.method === 'PATCH' || ctx.method === 'DELETE') checkMaxAffected(prefs, affected);
    return first;
  });
  const affected = toNumber(row.page_total) ?? 0;
  const countText = prefs.count ? String(affected) : '*';
  if (ctx.method === 'POST') headers['Content-Range'] = `*/${countText}`;
  else headers['Content-Range'] = affected > 0 ? `0-${affected - 1}/${countText}` : `*/${countText}`;
  if (shape.wantLocation && row.location) {
    const pk = JSON.parse(row.location) as Record<string, unknown>;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(pk)) search.append(key, `eq.${value === null ? 'null' : String(value)}`);
    headers['Location'] = `/${relation.name}?${search.toString()}`;
  }
  let status: number;
  // PostgREST: 200 only for a merge-duplicates upsert that inserted nothing; every other POST 201.
  if (ctx.method === 'POST') status = prefs.resolution === 'merge-duplicates' && row.inserted === false ? 200 : 201;
  else status = representation ? 200 : 204;
  if (representation) {
    headers['Content-Type'] = negotiated.contentType;
    let body = row.body ?? '[]';
    if (media === 'object') body = unwrapSingle(body);
    send(ctx.res, status, headers, body, false);
  } else {
    send(ctx.res, status, headers, null, false);
  }
}

async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  try {
    return await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ApiError(413, 'PGRST102', `Request body larger than ${MAX_BODY_BYTES} bytes`, null, 'Send fewer rows per request');
    }
    throw error;
  }
}

async function handleRpc(ctx: RequestContext, name: string): Promise<void> {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST') {
    throw new ApiError(405, 'PGRST101', `Cannot use the ${ctx.method} method on RPC`);
  }
  const negotiated = negotiateMedia(ctx.req.headers['accept'], ctx.settings.planEnabled);
  const media = negotiated.media;
  const prefs = preferences(ctx);
  const post = ctx.method === 'POST';
  let parsed: ParsedQuery;
  let args: string | Buffer;
  let keys: string[];
  let routine;
  if (post) {
    parsed = parseQuery(ctx.query);
    const bodyType = bodyMedia(ctx.req.headers['content-type']);
    if (bodyType === 'text' || bodyType === 'xml' || bodyType === 'octet') {
      // The raw body is the argument of a function of one unnamed text / xml / bytea parameter.
      const raw = await readRawBody(ctx.req);
      keys = [];
      routine = chooseRoutine(ctx.cache, name, keys, true, bodyType);
      args = bodyType === 'octet' ? raw : raw.toString('utf8');
    } else {
      const body = await readJsonBody(ctx.req, '{}');
      const value = body.value;
      const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
      keys = isObject ? Object.keys(value) : [];
      routine = chooseRoutine(ctx.cache, name, keys, true, 'json');
      if (!isSingleUnnamedParam(routine) && !isObject && !(Array.isArray(value) && routine.params.length === 0)) {
        throw invalidBody(Array.isArray(value) ? 'Expected a JSON object with the function arguments' : 'Empty or invalid json');
      }
      args = body.text;
    }
  } else {
    const names = argumentNames(ctx.cache, name);
    parsed = parseQuery(ctx.query, (key) => names.has(key));
    keys = [...parsed.args.keys()];
    routine = chooseRoutine(ctx.cache, name, keys, false);
    args = JSON.stringify(Object.fromEntries(parsed.args));
  }
  const provided = routine.params.filter((p) => keys.includes(p.name)).map((p) => p.name);
  const readOnly = !post || routine.volatility !== 'volatile';
  const head = ctx.method === 'HEAD';
  const strictMax = prefs.handling === 'strict' && prefs.maxAffected !== null;
  if (strictMax && !routine.returnsSet) {
    throw new ApiError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  }

  if (routine.returnKind === 'scalar' || routine.returnKind === 'void') {
    refuseCsv(media);
    const statement = buildScalarCall(routine, args, provided, head);
    if (negotiated.plan) {
      await answerPlan(ctx, negotiated, statement, readOnly, prefs);
      return;
    }
    const row = await inSession(ctx, readOnly, async (client) => {
      const result = await client.query<StatementRow>({ text: statement.sql, values: statement.values });
      const first = result.rows[0] ?? null;
      if (strictMax) checkMaxAffected(prefs, toNumber(first?.page_total) ?? 0);
      return first;
    });
    const headers: Record<string, string> = {};
    appliedHeader(prefs, headers);
    if (routine.returnKind === 'void') {
      send(ctx.res, 204, headers, null, false);
      return;
    }
    const pageTotal = toNumber(row?.page_total) ?? 0;
    const total = prefs.count ? String(pageTotal) : '*';
    headers['Content-Type'] = JSON_TYPE;
    headers['Content-Range'] = pageTotal > 0 ? `0-${pageTotal - 1}/${total}` : `*/${total}`;
    send(ctx.res, 200, headers, row?.body ?? 'null', head);
    return;
  }
  const source = routineSource(ctx.cache, routine, args, provided);
  const range = effectiveRange(ctx.req, parsed, ctx.method, ctx.settings.maxRows);
  const plan = planChecked(ctx, source, parsed);
  const shaped =
    routine.returnsSet || media === 'csv' || negotiated.plan
      ? negotiated
      : { media: 'json' as ResponseMedia, stripNulls: negotiated.stripNulls, contentType: negotiated.stripNulls ? negotiated.contentType : JSON_TYPE };
  await answerRead(ctx, plan, prefs, shaped, range, readOnly, !routine.returnsSet, strictMax);
}

/** The request's preferences; `tx=` counts when `db-tx-end` allows an override. Also decides `ctx.rollback`. */
function preferences(ctx: RequestContext): Preferences {
  const txEnd = ctx.settings.txEnd;
  const prefs = parsePrefer(ctx.req.headers['prefer'], txEnd.allowOverride);
  ctx.rollback = prefs.tx === 'rollback' || (txEnd.rollbackAll && prefs.tx !== 'commit');
  return prefs;
}

/**
 * An unknown column answered as Postgres answers PostgREST's query: the same message, with the hint
 * Postgres gives ("Perhaps you meant to reference the column …"), asked of Postgres itself with the
 * same alias over the same relation (parse analysis fails before any privilege is checked).
 */
async function refineColumnError(pool: pg.Pool, error: UndefinedColumnError): Promise<ApiError> {
  if (error.probe === null) return error;
  try {
    await pool.query(`select ${ident(error.alias)}.${ident(error.column)} from ${qualified(error.probe.schema, error.probe.relation)} as ${ident(error.alias)} limit 0`);
  } catch (probeError) {
    const refined = toApiError(probeError, false);
    if (refined.body.code === '42703') return new ApiError(400, '42703', refined.body.message, refined.body.details, refined.body.hint);
  }
  return error;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

async function route(ctx: RequestContext, subpath: string): Promise<void> {
  const segments = subpath.split('/').filter((s) => s !== '').map(decodeSegment);
  if (segments.length === 0) throw new ApiError(404, 'PGRST126', 'Root endpoint metadata is disabled');
  if (segments[0] === 'rpc' && segments.length === 2) {
    await handleRpc(ctx, segments[1]!);
    return;
  }
  if (segments.length !== 1) throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
  const name = segments[0]!;
  switch (ctx.method) {
    case 'GET':
    case 'HEAD':
      await handleRead(ctx, name);
      return;
    case 'POST':
    case 'PATCH':
    case 'DELETE':
    case 'PUT':
      await handleWrite(ctx, name);
      return;
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${ctx.method}`);
  }
}

export const createRestModule: HttpModuleFactory = async (apiContext) => {
  const schemas = apiContext.config.project.api.schemas;
  const fileSettings: FileSettings = {
    maxRows: apiContext.config.project.api.max_rows,
    extraSearchPath: apiContext.config.project.api.extra_search_path,
    maxRowsOverride: maxRowsOverride(process.env),
  };
  let reported = '';
  const reportOverridden = (db: DbSettings) => {
    const overridden = overriddenSettings(fileSettings, db).join('; ');
    if (overridden !== '' && overridden !== reported) apiContext.log(`[rest] supabase/config.toml overrides the authenticator's settings: ${overridden}`);
    reported = overridden;
  };
  const schema: SchemaCacheHolder = await createSchemaCacheHolder(apiContext.dbUrl, apiContext.pool, apiContext.log, schemas.length > 0 ? schemas : ['public'], reportOverridden);
  const callers = new CallerResolver(apiContext.config.jwtSecret);
  const limits = apiContext.config.restFairShare;
  const fairShare = new FairShare(limits, apiContext.pool.options.max ?? 20);
  const module: HttpModule = {
    async handle(req, res, subpath) {
      const method = (req.method ?? 'GET').toUpperCase();
      let caller: Caller | null = null;
      let admission: Admission | null = null;
      try {
        const settings = effectiveSettings(fileSettings, schema.dbSettings());
        caller = await callers.resolve(req, settings);
        admission = fairShare.admit(identityOf(caller, clientAddressOf(req, apiContext.config.trustedProxies)));
        const profile = requestSchema(req, method, schema.schemas);
        // With several exposed schemas, PostgREST names the one answered.
        if (schema.schemas.length > 1) res.setHeader('Content-Profile', profile);
        const url = new URL(req.url ?? '/', 'http://localhost');
        await route(
          { req, res, method, path: subpath, query: url.searchParams, caller, cache: schema.current(profile), pool: apiContext.pool,
            searchPath: [profile, ...settings.extraSearchPath], admission, limits, settings, rollback: false },
          subpath,
        );
      } catch (error) {
        const apiError = error instanceof UndefinedColumnError ? await refineColumnError(apiContext.pool, error) : toApiError(error, caller?.authenticated ?? false);
        if (apiError.status >= 500) apiContext.log(`[rest] ${method} ${subpath}: ${apiError.body.code} ${apiError.body.message}`);
        // Drain an unread request body so that keep-alive connections stay usable.
        if (!req.readableEnded) req.resume();
        sendError(res, apiError);
      } finally {
        admission?.done();
      }
    },
    async close() {
      fairShare.close();
      await schema.close();
    },
  };
  return module;
};
