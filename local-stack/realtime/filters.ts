// The `filter` of a postgres_changes binding, as realtime-js builds it: `column=op.value`, several
// joined with commas (AND). Operators: eq, neq, lt, lte, gt, gte, in (`in.(a,b,"c,d")`).
// Values are kept as text and compared in SQL, cast to the column's type, as bind parameters.

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface FilterCondition {
  column: string;
  op: FilterOperator;
  /** One value, or several for `in`. */
  values: string[];
}

const OPERATORS = new Set<FilterOperator>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

export class FilterParseError extends Error {}

/** Splits on commas that are outside double quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) {
        current += text[i + 1]!;
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      }
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quoted || depth !== 0) throw new FilterParseError('unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Parses a filter string; '' or undefined gives no conditions. Throws FilterParseError. */
export function parseFilter(filter: string | undefined | null): FilterCondition[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  const conditions: FilterCondition[] = [];
  for (const part of splitTopLevel(filter)) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new FilterParseError(`invalid filter "${part}"`);
    const column = part.slice(0, eq).trim();
    const rest = part.slice(eq + 1);
    const dot = rest.indexOf('.');
    if (dot <= 0) throw new FilterParseError(`invalid filter "${part}"`);
    const op = rest.slice(0, dot) as FilterOperator;
    if (!OPERATORS.has(op)) throw new FilterParseError(`unsupported operator "${rest.slice(0, dot)}"`);
    const raw = rest.slice(dot + 1);
    if (column === '') throw new FilterParseError(`invalid filter "${part}"`);
    let values: string[];
    if (op === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) throw new FilterParseError(`invalid in list "${raw}"`);
      values = splitTopLevel(raw.slice(1, -1)).map((v) => unquote(v.trim()));
      if (values.length === 0 || (values.length === 1 && values[0] === '')) throw new FilterParseError('empty in list');
    } else {
      values = [unquote(raw)];
    }
    conditions.push({ column, op, values });
  }
  return conditions;
}

const SQL_OPERATORS: Record<Exclude<FilterOperator, 'in'>, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

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
    .map((condition) => {
      const type = columnType(condition.column);
      const column = `t.${quoteIdent(condition.column)}`;
      if (condition.op === 'in') return `(${column} = any(${param(condition.values)}::${type}[]))`;
      return `(${column} ${SQL_OPERATORS[condition.op]} ${param(condition.values[0] ?? '')}::${type})`;
    })
    .join(' and ');
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
