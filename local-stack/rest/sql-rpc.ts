// RPC: choosing the function (by name and named arguments, like PostgREST), and the FROM item
// calling it. Arguments reach SQL as one bound JSON object typed by json_to_record with the
// declared argument types; identifiers come from the schema cache.
import { ident, Params, qualified } from '../sql/sql-text.ts';
import { ApiError } from './errors.ts';
import { FuzzySet } from './fuzzy.ts';
import type { RoutineInfo, SchemaCache } from './schema-cache.ts';
import type { Source } from './sql-read.ts';

/** Haskell's ordering of Text (code points; the same as UTF-16 code units for the BMP). */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Media type of an RPC request body, as PostgREST tells them apart. */
export type BodyMedia = 'json' | 'text' | 'xml' | 'octet' | 'other';

/** Types of the single unnamed parameter that each body media type can be passed to. */
const UNNAMED_TYPES: ReadonlyMap<BodyMedia, readonly string[]> = new Map([
  ['json', ['json', 'jsonb']],
  ['text', ['text']],
  ['xml', ['xml']],
  ['octet', ['bytea']],
]);
const RAW_BODY_TYPES: readonly string[] = ['bytea', 'json', 'jsonb', 'text', 'xml'];

export function bodyMedia(contentType: string | undefined): BodyMedia {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/json') return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'octet';
  return 'other';
}

/** A function of one unnamed parameter whose body is the raw request body. */
export function isSingleUnnamedParam(routine: RoutineInfo): boolean {
  const only = routine.params[0];
  return routine.params.length === 1 && only !== undefined && only.name === '';
}

/**
 * The functions PostgREST keeps in its schema cache (its `callable` column): no unnamed parameter, or
 * one unnamed parameter of a raw-body type. The others (a computed field taking a row, `f(int)`) are
 * neither callable nor named in the hints of PGRST202.
 */
export function isCallable(routine: RoutineInfo): boolean {
  const unnamed = routine.params.filter((p) => p.name === '');
  return unnamed.length === 0 || (unnamed.length === 1 && RAW_BODY_TYPES.includes(unnamed[0]!.typeName));
}

/** The names of the callable functions of the cache's schema (PostgREST's routine map). */
function callableNames(cache: SchemaCache): string[] {
  return [...cache.routines].filter(([, overloads]) => overloads.some(isCallable)).map(([name]) => name);
}

/** Every argument name of every overload (for GET: which query keys are arguments). */
export function argumentNames(cache: SchemaCache, name: string): Set<string> {
  const out = new Set<string>();
  for (const routine of (cache.routines.get(name) ?? []).filter(isCallable)) for (const p of routine.params) if (p.name !== '') out.add(p.name);
  return out;
}

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((x) => a.has(x));
}

/**
 * Chooses the function called, as PostgREST's findProc: the overloads whose parameters match the
 * argument names (required ones all present, the others optional); failing those, on POST, the
 * one whose single unnamed parameter takes the body's media type. Several → 300 PGRST203.
 */
export function chooseRoutine(cache: SchemaCache, name: string, keys: string[], post: boolean, media: BodyMedia = 'json'): RoutineInfo {
  const overloads = (cache.routines.get(name) ?? []).filter(isCallable);
  const keySet = new Set(keys);
  const rawBody = post && (media === 'octet' || media === 'text' || media === 'xml');
  const matchesParams = (routine: RoutineInfo): boolean => {
    if (routine.params.length === 0) return keySet.size === 0 && !rawBody;
    const required = routine.params.filter((p) => !p.hasDefault).map((p) => p.name);
    const optional = new Set(routine.params.filter((p) => p.hasDefault).map((p) => p.name));
    if (optional.size === 0) return sameSet(keySet, required);
    if (required.length === 0) return keys.every((k) => optional.has(k));
    return sameSet(new Set(keys.filter((k) => !optional.has(k))), required);
  };
  const single = (routine: RoutineInfo): boolean =>
    post && isSingleUnnamedParam(routine) && (UNNAMED_TYPES.get(media) ?? []).includes(routine.params[0]!.typeName);
  const named = overloads.filter(matchesParams);
  const fallback = overloads.filter((r) => !matchesParams(r) && single(r));
  const chosen = named.length > 0 ? named : fallback;
  if (chosen.length === 1) return chosen[0]!;
  if (chosen.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${chosen
        .map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.typeName}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  throw noFunction(cache, name, [...keySet].sort(), post, media, overloads);
}

function noFunction(cache: SchemaCache, name: string, keys: string[], post: boolean, media: BodyMedia, overloads: RoutineInfo[]): ApiError {
  const func = `${cache.schema}.${name}`;
  const prms = keys.join(', ');
  const onlySingle = post && (media === 'text' || media === 'xml' || media === 'octet');
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${prms}`;
  let searched: string;
  if (post && media === 'text') searched = ' with a single unnamed text parameter';
  else if (post && media === 'xml') searched = ' with a single unnamed xml parameter';
  else if (post && media === 'octet') searched = ' with a single unnamed bytea parameter';
  else if (post && media === 'json') searched = `${withParams} or with a single unnamed json/jsonb parameter`;
  else searched = withParams;
  // PostgREST's noRpcHint: without an overload of that name, the closest callable function name;
  // else the closest parameter list of its overloads, both by fuzzyset (fuzzy.ts).
  let hint: string | null = null;
  if (!onlySingle) {
    const list = (names: readonly string[]) => `(${[...names].sort(compareCodeUnits).join(', ')})`;
    if (overloads.length === 0) {
      const suggestion = new FuzzySet(callableNames(cache)).getOne(name);
      if (suggestion !== null) hint = `Perhaps you meant to call the function ${cache.schema}.${suggestion}`;
    } else {
      const suggestion = new FuzzySet(overloads.map((r) => list(r.params.map((p) => p.name)))).getOne(list(keys));
      if (suggestion !== null) hint = `Perhaps you meant to call the function ${func}${suggestion}`;
    }
  }
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${func}${onlySingle ? '' : keys.length === 0 ? ' without parameters' : `(${prms})`} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

/**
 * The FROM item calling the function. `argsJson` is the JSON object of arguments (text, bound
 * as one parameter) and `provided` the argument names present in it.
 */
export function callFrom(routine: RoutineInfo, argsJson: string | Buffer, provided: string[], params: Params): { from: string; call: string } {
  const fn = qualified(routine.schema, routine.name);
  if (isSingleUnnamedParam(routine)) {
    const call = `${fn}(${params.add(argsJson)}::${routine.params[0]!.castType})`;
    return { from: '', call };
  }
  if (provided.length === 0) return { from: '', call: `${fn}()` };
  const defs = provided.map((n) => `${ident(n)} ${routine.params.find((p) => p.name === n)!.castType}`);
  const from = `json_to_record(${params.add(argsJson)}::json) as pgrst_args(${defs.join(', ')})`;
  const call = `${fn}(${provided.map((n) => `${ident(n)} := pgrst_args.${ident(n)}`).join(', ')})`;
  return { from, call };
}

/** A read source over the rows of a set- or row-returning function. */
/**
 * The name PostgREST gives the rows of a function (its relIdentifier: the name of the returned row
 * type, `record` for `returns table (…)`, else the function's), which Postgres's errors name.
 */
function rowsName(routine: RoutineInfo): string {
  if (routine.returnRelation !== null) return routine.returnRelation;
  if (routine.returnKind === 'table_columns') return 'record';
  if (routine.returnKind === 'composite') return routine.returnTypeName.replace(/^.*\./, '').replace(/^"(.*)"$/, '$1').replace(/""/g, '"');
  return routine.name;
}

export function routineSource(cache: SchemaCache, routine: RoutineInfo, argsJson: string | Buffer, provided: string[]): Source {
  const columnList = routine.returnColumns;
  return {
    name: rowsName(routine),
    relationName: routine.returnKind === 'relation' ? routine.returnRelation : null,
    columns: new Map(columnList.map((c) => [c.name, c])),
    columnList,
    computed: routine.returnRelation === null ? undefined : cache.relations.get(routine.returnRelation)?.computed,
    schema: cache.schema,
    from: (params) => {
      const { from, call } = callFrom(routine, argsJson, provided, params);
      return from === '' ? call : `${from} cross join lateral ${call}`;
    },
  };
}

/** Statement for functions returning a scalar, a set of scalars, or void. */
export function buildScalarCall(routine: RoutineInfo, argsJson: string | Buffer, provided: string[], head: boolean): { sql: string; values: unknown[] } {
  const params = new Params();
  const { from, call } = callFrom(routine, argsJson, provided, params);
  if (routine.returnKind === 'void') {
    return { sql: `select ${call}${from ? ` from ${from}` : ''}`, values: params.values };
  }
  if (routine.returnsSet) {
    const fromItem = from === '' ? `${call} as pgrst_v(v)` : `${from} cross join lateral ${call} as pgrst_v(v)`;
    const body = head ? 'null::text' : `coalesce(json_agg(pgrst_v.v), '[]')::text`;
    return { sql: `select pg_catalog.count(*) as page_total, ${body} as body from ${fromItem}`, values: params.values };
  }
  const body = head ? 'null::text' : `to_json(${call})::text`;
  return { sql: `select 1::bigint as page_total, ${body} as body${from ? ` from ${from}` : ''}`, values: params.values };
}
