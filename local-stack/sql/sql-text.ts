// The one producer of SQL text for request-driven statements (REST and realtime): identifier and
// literal quoting, bind-parameter placeholders and the operator → SQL spelling of the filter
// grammar (filter-grammar.ts). Identifiers come from a schema cache or the catalog, never
// unchecked from a request; request values always become bind parameters.

/** Raised when a name can never be sent to Postgres (a NUL byte). */
export class IdentifierError extends Error {}

/** A double-quoted identifier. */
export function ident(name: string): string {
  if (name.includes('\u0000')) throw new IdentifierError('Identifiers may not contain a NUL character');
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"schema"."name"`. */
export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

/** A string literal for catalog-sourced text (column names); request text never goes through here. */
export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Bind parameters of one statement: `add` registers a value and answers its placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * SQL operators of the grammar's comparison operators (a closed Map: a name every object inherits,
 * such as `constructor`, is not an operator).
 */
export const SQL_OPERATORS: ReadonlyMap<string, string> = new Map([
  ['eq', '='],
  ['neq', '<>'],
  ['gt', '>'],
  ['gte', '>='],
  ['lt', '<'],
  ['lte', '<='],
  ['like', 'like'],
  ['ilike', 'ilike'],
  ['match', '~'],
  ['imatch', '~*'],
  ['cs', '@>'],
  ['cd', '<@'],
  ['ov', '&&'],
  ['sl', '<<'],
  ['sr', '>>'],
  ['nxr', '&<'],
  ['nxl', '&>'],
  ['adj', '-|-'],
  ['isdistinct', 'is distinct from'],
]);

/** The SQL spelling of a comparison operator of the grammar. */
export function sqlOperator(op: string): string {
  const sql = SQL_OPERATORS.get(op);
  if (sql === undefined) throw new Error(`not an operator of the filter grammar: ${op}`);
  return sql;
}

/** A Postgres array literal of text values (bound as one parameter and cast by the caller). */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
