// The PostgREST-compatible REST API of the local stack, mounted at /rest/v1 by server.ts.
// Every request: verify the JWT → parse → plan against the schema cache → ONE statement in ONE
// transaction as the caller's role (read-only for GET/HEAD) → send the JSON text Postgres built.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { withRoleTransaction } from '../db-session.ts';
import { BodyTooLargeError, headerMap, readBody, sendJson } from '../http-util.ts';
import type { HttpModule, HttpModuleFactory } from '../types.ts';
import { CallerResolver, type Caller } from './auth.ts';
import { ApiError, invalidBody, tableNotFound, toApiError } from './errors.ts';
import { negotiate, parsePrefer, type Preferences, type ResponseMedia } from './negotiate.ts';
import { parseQuery, type ParsedQuery } from './parse-query.ts';
import { EXPOSED_SCHEMA, createSchemaCacheHolder, type SchemaCache, type SchemaCacheHolder } from './schema-cache.ts';
import { argumentNames, buildScalarCall, chooseRoutine, routineSource, similar } from './sql-rpc.ts';
import { buildPlannedCount, buildReadStatement, ESTIMATE_THRESHOLD, outputNames, planRead, planRows, relationSource, type PlanNode } from './sql-read.ts';
import { buildDelete, buildInsert, buildUpdate, payloadColumns, updateColumns, writtenRowsSource } from './sql-write.ts';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * PostgREST's db-max-rows, as supabase/config.toml sets it ([api] max_rows = 1000): reads and
 * row-returning functions answer at most this many rows. SDV_REST_MAX_ROWS overrides it.
 */
export const MAX_ROWS = ((): number => {
  const value = Number.parseInt(process.env.SDV_REST_MAX_ROWS ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : 1000;
})();

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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

function checkProfile(req: IncomingMessage, method: string): void {
  const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && value !== '' && value !== EXPOSED_SCHEMA) {
    throw new ApiError(406, 'PGRST106', `Invalid schema: ${value}`, null, `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`);
  }
}

/** Limit/offset from the query and the Range header, intersected like PostgREST. */
function effectiveRange(req: IncomingMessage, parsed: ParsedQuery, method: string): { limit: number | null; offset: number | null } {
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
  const limit = Number.isFinite(upper) ? Math.min(Math.max(0, upper - lower + 1), MAX_ROWS) : MAX_ROWS;
  return { limit, offset: lower > 0 ? lower : null };
}

function appliedHeader(prefs: Preferences, headers: Record<string, string>, extra: string[] = []): void {
  const applied = [...extra];
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (prefs.handling) applied.push(`handling=${prefs.handling}`);
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
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

function sessionOptions(ctx: RequestContext, readOnly: boolean) {
  return {
    role: ctx.caller.role,
    claims: ctx.caller.claims,
    readOnly,
    request: { method: ctx.method, path: ctx.path, headers: headerMap(ctx.req) },
  };
}

/** Runs a read statement (and the planned count when asked) and answers it. */
async function answerRead(
  ctx: RequestContext,
  plan: PlanNode,
  prefs: Preferences,
  media: ResponseMedia,
  range: { limit: number | null; offset: number | null },
  readOnly: boolean,
  singleRow: boolean,
): Promise<void> {
  const head = ctx.method === 'HEAD';
  const statement = buildReadStatement(plan, { count: prefs.count, head, limit: range.limit, offset: range.offset, csv: media === 'csv' });
  const { row, total, pageTotal } = await withRoleTransaction(ctx.pool, sessionOptions(ctx, readOnly), async (client) => {
    const result = await client.query<StatementRow>({ text: statement.sql, values: statement.values });
    const first = result.rows[0]!;
    const pageTotal = toNumber(first.page_total) ?? 0;
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
  const headers: Record<string, string> = { 'Content-Type': media === 'object' ? OBJECT_TYPE : media === 'csv' ? CSV_TYPE : JSON_TYPE };
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
    const header = outputNames(plan).map(csvField).join(',');
    body = body === '' ? header : `${header}\n${body}`;
  } else if (body !== null && (media === 'object' || singleRow)) body = pageTotal === 1 ? unwrapSingle(body) : 'null';
  send(ctx.res, status, headers, body ?? '', head);
}

async function handleRead(ctx: RequestContext, name: string): Promise<void> {
  const source = relationSource(ctx.cache, name);
  if (!source) throw tableNotFound(EXPOSED_SCHEMA, name, similar(ctx.cache.relations.keys(), name, 0.75));
  const media = negotiate(ctx.req.headers['accept']);
  const prefs = parsePrefer(ctx.req.headers['prefer']);
  const parsed = parseQuery(ctx.query);
  const range = effectiveRange(ctx.req, parsed, ctx.method);
  const plan = planRead(ctx.cache, source, parsed);
  await answerRead(ctx, plan, prefs, media, range, true, false);
}

async function handleWrite(ctx: RequestContext, name: string): Promise<void> {
  const relation = ctx.cache.relations.get(name);
  if (!relation) throw tableNotFound(EXPOSED_SCHEMA, name, similar(ctx.cache.relations.keys(), name, 0.75));
  const media = negotiate(ctx.req.headers['accept']);
  refuseCsv(media);
  const prefs = parsePrefer(ctx.req.headers['prefer']);
  const parsed = parseQuery(ctx.query);
  const root = parsed.nodes.get('')!;
  const plan = planRead(ctx.cache, writtenRowsSource(relation), parsed);
  const representation = prefs.return === 'representation';
  const shape = { representation, wantLocation: prefs.return === 'headers-only' };
  const applied: string[] = [];
  if (prefs.return) applied.push(`return=${prefs.return}`);

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
      applied.unshift(`resolution=${prefs.resolution}`);
    }
    if (prefs.missing === 'default') applied.push('missing=default');
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

  const headers: Record<string, string> = {};
  appliedHeader(prefs, headers, applied);
  if (emptyPatch) {
    // PostgREST: an empty PATCH body updates nothing.
    headers['Content-Range'] = '*/*';
    if (representation) {
      headers['Content-Type'] = JSON_TYPE;
      send(ctx.res, 200, headers, '[]', false);
    } else send(ctx.res, 204, headers, null, false);
    return;
  }
  const row = await withRoleTransaction(ctx.pool, sessionOptions(ctx, false), async (client) => {
    const result = await client.query<StatementRow>({ text: statement.sql, values: statement.values });
    const first = result.rows[0]!;
    const affected = toNumber(first.page_total) ?? 0;
    // A write answered as one object must touch exactly one row, else it is rolled back.
    if (media === 'object' && affected !== 1) throw singularity(affected);
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
  if (ctx.method === 'POST') status = prefs.resolution && row.inserted === false ? 200 : 201;
  else status = representation ? 200 : 204;
  if (representation) {
    headers['Content-Type'] = media === 'object' ? OBJECT_TYPE : JSON_TYPE;
    let body = row.body ?? '[]';
    if (media === 'object') body = unwrapSingle(body);
    send(ctx.res, status, headers, body, false);
  } else {
    send(ctx.res, status, headers, null, false);
  }
}

async function handleRpc(ctx: RequestContext, name: string): Promise<void> {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST') {
    throw new ApiError(405, 'PGRST101', `Cannot use the ${ctx.method} method on RPC`);
  }
  const media = negotiate(ctx.req.headers['accept']);
  const prefs = parsePrefer(ctx.req.headers['prefer']);
  const post = ctx.method === 'POST';
  let parsed: ParsedQuery;
  let argsJson: string;
  let keys: string[];
  if (post) {
    parsed = parseQuery(ctx.query);
    const body = await readJsonBody(ctx.req, '{}');
    argsJson = body.text;
    const value = body.value;
    keys = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    if (!(value !== null && typeof value === 'object')) throw invalidBody('Empty or invalid json');
  } else {
    const names = argumentNames(ctx.cache, name);
    parsed = parseQuery(ctx.query, (key) => names.has(key));
    keys = [...parsed.args.keys()];
    argsJson = JSON.stringify(Object.fromEntries(parsed.args));
  }
  const routine = chooseRoutine(ctx.cache, name, keys, post);
  if (Array.isArray(JSON.parse(argsJson)) && routine.params.length > 0 && !(routine.params.length === 1 && routine.params[0]!.name === '')) {
    throw invalidBody('Expected a JSON object with the function arguments');
  }
  const provided = routine.params.filter((p) => keys.includes(p.name)).map((p) => p.name);
  const readOnly = !post || routine.volatility !== 'volatile';
  const head = ctx.method === 'HEAD';

  if (routine.returnKind === 'scalar' || routine.returnKind === 'void') {
    refuseCsv(media);
    const statement = buildScalarCall(routine, argsJson, provided, head);
    const row = await withRoleTransaction(ctx.pool, sessionOptions(ctx, readOnly), async (client) => {
      const result = await client.query<StatementRow>({ text: statement.sql, values: statement.values });
      return result.rows[0] ?? null;
    });
    const headers: Record<string, string> = {};
    appliedHeader(prefs, headers);
    if (routine.returnKind === 'void') {
      send(ctx.res, 204, headers, null, false);
      return;
    }
    const pageTotal = toNumber(row?.page_total) ?? 0;
    headers['Content-Type'] = JSON_TYPE;
    headers['Content-Range'] = routine.returnsSet ? (pageTotal > 0 ? `0-${pageTotal - 1}/*` : '*/*') : '0-0/*';
    send(ctx.res, 200, headers, row?.body ?? 'null', head);
    return;
  }
  const source = routineSource(ctx.cache, routine, argsJson, provided);
  const range = effectiveRange(ctx.req, parsed, ctx.method);
  const plan = planRead(ctx.cache, source, parsed);
  await answerRead(ctx, plan, prefs, routine.returnsSet || media === 'csv' ? media : 'json', range, readOnly, !routine.returnsSet);
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
  const schema: SchemaCacheHolder = await createSchemaCacheHolder(apiContext.dbUrl, apiContext.pool, apiContext.log);
  const callers = new CallerResolver(apiContext.config.jwtSecret);
  const module: HttpModule = {
    async handle(req, res, subpath) {
      const method = (req.method ?? 'GET').toUpperCase();
      let caller: Caller | null = null;
      try {
        caller = await callers.resolve(req);
        checkProfile(req, method);
        const url = new URL(req.url ?? '/', 'http://localhost');
        await route(
          { req, res, method, path: subpath, query: url.searchParams, caller, cache: schema.current(), pool: apiContext.pool },
          subpath,
        );
      } catch (error) {
        const apiError = toApiError(error, caller?.authenticated ?? false);
        if (apiError.status >= 500) apiContext.log(`[rest] ${method} ${subpath}: ${apiError.body.code} ${apiError.body.message}`);
        // Drain an unread request body so that keep-alive connections stay usable.
        if (!req.readableEnded) req.resume();
        sendError(res, apiError);
      }
    },
    async close() {
      await schema.close();
    },
  };
  return module;
};
