// The `filter` of a postgres_changes binding, as realtime-js builds it: `column=op.value`, several
// joined with commas (AND). Parsed by the filter grammar the REST API uses
// (local-stack/sql/filter-grammar.ts) and spelled in SQL by local-stack/sql/sql-text.ts; realtime
// accepts the operators eq, neq, lt, lte, gt, gte and in (`in.(a,b,"c,d")`), as Supabase Realtime.
// Values stay text, compared in SQL cast to the column's type, as bind parameters.
import { GrammarError, parseOperatorExpression, splitTopLevel } from '../sql/filter-grammar.ts';
import { ident, sqlOperator } from '../sql/sql-text.ts';

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface FilterCondition {
  column: string;
  op: FilterOperator;
  /** One value, or several for `in`. */
  values: string[];
}

const REALTIME_OPERATORS: ReadonlySet<string> = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte']);

export class FilterParseError extends Error {}

function condition(part: string): FilterCondition {
  const eq = part.indexOf('=');
  const column = eq > 0 ? part.slice(0, eq).trim() : '';
  if (column === '') throw new FilterParseError(`invalid filter "${part}"`);
  let parsed;
  try {
    parsed = parseOperatorExpression(part.slice(eq + 1), true);
  } catch (error) {
    if (error instanceof GrammarError) throw new FilterParseError(`invalid filter "${part}": ${error.details}`);
    throw error;
  }
  const value = parsed.value;
  if (parsed.negate) throw new FilterParseError(`unsupported operator "not" in "${part}"`);
  if (value.op === 'in') {
    if (value.values.length === 0) throw new FilterParseError('empty in list');
    return { column, op: 'in', values: value.values.map((v) => v.trim()) };
  }
  if (!REALTIME_OPERATORS.has(value.op) || 'quantifier' in value || !('value' in value)) {
    throw new FilterParseError(`unsupported operator "${value.op}"`);
  }
  return { column, op: value.op as FilterOperator, values: [value.value] };
}

/** Parses a filter string; '' or undefined gives no conditions. Throws FilterParseError. */
export function parseFilter(filter: string | undefined | null): FilterCondition[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  let parts: string[];
  try {
    parts = splitTopLevel(filter, true);
  } catch (error) {
    if (error instanceof GrammarError) throw new FilterParseError(error.details);
    throw error;
  }
  return parts.map(condition);
}

/**
 * The SQL boolean of a parsed filter for a row aliased `t`. `columnType` maps a column name to its
 * SQL type (from the catalog); `param` registers a bind value and returns its placeholder.
 * Columns unknown to `columnType` must have been refused before (at join).
 */
export function filterSql(
  conditions: readonly FilterCondition[],
  columnType: (column: string) => string,
  param: (value: string | string[]) => string,
): string {
  if (conditions.length === 0) return 'true';
  return conditions
    .map((c) => {
      const type = columnType(c.column);
      const column = `t.${ident(c.column)}`;
      if (c.op === 'in') return `(${column} = any(${param(c.values)}::${type}[]))`;
      return `(${column} ${sqlOperator(c.op)} ${param(c.values[0] ?? '')}::${type})`;
    })
    .join(' and ');
}

/** Identifier quoting, from the one SQL-text module. */
export const quoteIdent = ident;
