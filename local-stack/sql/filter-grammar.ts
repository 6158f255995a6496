// The filter grammar shared by the REST API (query-string filters, or/and trees) and realtime
// (the `filter` of a postgres_changes binding): `[not.]operator[(modifier)].value`, value lists
// `(a,"b,c")`, top-level comma splitting and quoted values. It only builds syntax; the SQL of a
// parsed filter is spelled by sql-text.ts and its values always become bind parameters.
import { SQL_OPERATORS } from './sql-text.ts';

/** A syntax error of the grammar; each user answers it in its own protocol. */
export class GrammarError extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
  }
}

/** Comparison operators taking one value (`eq.5`), with their SQL in sql-text.ts. */
export type SimpleOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj' | 'isdistinct';

/** True for the operators of the grammar only (a closed lookup, never `op in {}`). */
export function isSimpleOperator(op: string): op is SimpleOperator {
  return SQL_OPERATORS.has(op);
}

/** Operators accepting the `(any)` / `(all)` modifiers, as PostgREST. */
const QUANTIFIABLE: ReadonlySet<string> = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
export type QuantOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';
const FTS: ReadonlySet<string> = new Set(['fts', 'plfts', 'phfts', 'wfts']);

export const IS_VALUES: ReadonlyMap<string, string> = new Map([
  ['null', 'null'],
  ['not_null', 'not null'],
  ['true', 'true'],
  ['false', 'false'],
  ['unknown', 'unknown'],
]);

export type FilterValue =
  | { op: SimpleOperator; value: string }
  | { op: QuantOperator; quantifier: 'any' | 'all'; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: string }
  | { op: FtsOperator; language: string | null; value: string };

export interface OperatorExpression {
  negate: boolean;
  value: FilterValue;
}

/**
 * Splits on commas outside double quotes, parentheses, braces and brackets. `strict` refuses
 * unbalanced quotes or brackets (realtime); the REST parser lets the parts fail on their own.
 */
export function splitTopLevel(text: string, strict = false): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i += 1;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth += 1;
    else if (ch === ')' || ch === '}' || ch === ']') depth -= 1;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (strict && (quoted || depth !== 0)) throw new GrammarError(`"failed to parse (${text})"`, 'unbalanced quotes or parentheses');
  parts.push(text.slice(start));
  return parts;
}

/** `"a \"b\""` → `a "b"`; other text unchanged. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Parses `(a,"b,c")` lists of `in`. */
export function parseList(text: string, whole: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw new GrammarError(`"failed to parse filter (${whole})"`, 'expecting a list in parentheses, like in.(1,2,3)');
  }
  const inner = text.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((v) => unquote(v));
}

/**
 * Parses an operator expression (`eq.5`, `not.in.(1,2)`, `like(any).{a*,b*}`, `fts(english).cat`).
 * `unquoteValue` strips double quotes around the value, as PostgREST does inside or/and.
 */
export function parseOperatorExpression(text: string, unquoteValue: boolean): OperatorExpression {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const fail = (details: string): never => {
    throw new GrammarError(`"failed to parse filter (${text})"`, details);
  };
  const match = /^([a-z_]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!match) return fail('expecting an operator like eq, neq, gt, in, is …');
  const op = match[1]!;
  const modifier = match[2];
  const raw = rest.slice(match[0].length);
  const value = unquoteValue ? unquote(raw) : raw;
  if (modifier === undefined) {
    if (isSimpleOperator(op)) return { negate, value: { op, value } };
    if (op === 'in') return { negate, value: { op: 'in', values: parseList(raw, text) } };
    if (op === 'is') {
      const lower = value.toLowerCase();
      if (!IS_VALUES.has(lower)) fail('is accepts null, not_null, true, false or unknown');
      return { negate, value: { op: 'is', value: lower } };
    }
  }
  if (FTS.has(op)) return { negate, value: { op: op as FtsOperator, language: modifier ?? null, value } };
  if (modifier !== undefined && QUANTIFIABLE.has(op)) {
    if (modifier !== 'any' && modifier !== 'all') fail(`unexpected "${modifier}" expecting "any" or "all"`);
    return { negate, value: { op: op as QuantOperator, quantifier: modifier as 'any' | 'all', value } };
  }
  if (modifier !== undefined && (isSimpleOperator(op) || op === 'in' || op === 'is')) fail(`the operator "${op}" takes no modifier`);
  return fail(`unknown operator "${op}"`);
}
