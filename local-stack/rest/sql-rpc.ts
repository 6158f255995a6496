// RPC: choosing the function (by name and named arguments, like PostgREST), and the FROM item
// calling it. Arguments reach SQL as one bound JSON object typed by json_to_record with the
// declared argument types; identifiers come from the schema cache.
import { ApiError } from './errors.ts';
import { EXPOSED_SCHEMA, type RoutineInfo, type SchemaCache } from './schema-cache.ts';
import { ident, Params, qualified, type Source } from './sql-read.ts';

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

export function similar(candidates: Iterable<string>, wanted: string, minScore: number): string | null {
  let best: string | null = null;
  let bestScore = minScore;
  for (const candidate of candidates) {
    const score = 1 - levenshtein(candidate, wanted) / Math.max(candidate.length, wanted.length, 1);
    if (score >= bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

export function isSingleJsonParam(routine: RoutineInfo): boolean {
  const only = routine.params[0];
  return routine.params.length === 1 && only !== undefined && only.name === '' && (only.typeName === 'json' || only.typeName === 'jsonb');
}

/** Every argument name of every overload (for GET: which query keys are arguments). */
export function argumentNames(cache: SchemaCache, name: string): Set<string> {
  const out = new Set<string>();
  for (const routine of cache.routines.get(name) ?? []) for (const p of routine.params) if (p.name !== '') out.add(p.name);
  return out;
}

export function chooseRoutine(cache: SchemaCache, name: string, keys: string[], post: boolean): RoutineInfo {
  const overloads = cache.routines.get(name) ?? [];
  const matches = overloads.filter((routine) => {
    if (routine.params.some((p) => p.name === '' && !isSingleJsonParam(routine))) return false;
    if (isSingleJsonParam(routine)) return false;
    const names = routine.params.map((p) => p.name);
    return keys.every((k) => names.includes(k)) && routine.params.every((p) => p.hasDefault || keys.includes(p.name));
  });
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map((r) => `${EXPOSED_SCHEMA}.${r.name}(${r.params.map((p) => `${p.name} => ${p.typeName}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  if (post) {
    const single = overloads.find(isSingleJsonParam);
    if (single) return single;
  }
  const func = `${EXPOSED_SCHEMA}.${name}`;
  const sorted = [...keys];
  const prms = sorted.join(', ');
  const withParams = keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${prms}`;
  let hint: string | null = null;
  if (overloads.length === 0) {
    const suggestion = similar(cache.routines.keys(), name, 0.75);
    if (suggestion) hint = `Perhaps you meant to call the function ${EXPOSED_SCHEMA}.${suggestion}`;
  } else {
    const lists = overloads.map((r) => `(${r.params.map((p) => p.name).sort().join(', ')})`);
    const suggestion = similar(lists, `(${[...keys].sort().join(', ')})`, 0.33);
    if (suggestion) hint = `Perhaps you meant to call the function ${func}${suggestion}`;
  }
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${func}${keys.length === 0 ? ' without parameters' : `(${prms})`} in the schema cache`,
    `Searched for the function ${func}${withParams}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

/**
 * The FROM item calling the function. `argsJson` is the JSON object of arguments (text, bound
 * as one parameter) and `provided` the argument names present in it.
 */
export function callFrom(routine: RoutineInfo, argsJson: string, provided: string[], params: Params): { from: string; call: string } {
  const fn = qualified(routine.name);
  if (isSingleJsonParam(routine)) {
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
export function routineSource(cache: SchemaCache, routine: RoutineInfo, argsJson: string, provided: string[]): Source {
  const columnList = routine.returnColumns;
  return {
    name: routine.returnRelation ?? routine.name,
    relationName: routine.returnKind === 'relation' ? routine.returnRelation : null,
    columns: new Map(columnList.map((c) => [c.name, c])),
    columnList,
    from: (params) => {
      const { from, call } = callFrom(routine, argsJson, provided, params);
      return from === '' ? call : `${from} cross join lateral ${call}`;
    },
  };
}

/** Statement for functions returning a scalar, a set of scalars, or void. */
export function buildScalarCall(routine: RoutineInfo, argsJson: string, provided: string[], head: boolean): { sql: string; values: unknown[] } {
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
