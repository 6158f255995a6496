// Parsers of PostgREST's query-string grammar: select (columns, aliases, casts, JSON paths,
// embeds with hints), filters with their operators, and/or/not trees, order, limit/offset.
// They only build syntax trees; names are checked against the schema cache later and values
// always become bind parameters.
import { GrammarError, parseList as grammarList, parseOperatorExpression, splitTopLevel as grammarSplit, type FilterValue } from '../sql/filter-grammar.ts';
import { ApiError, parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

/** PostgREST's aggregate functions (`count()`, `col.sum()` …), allowed with `db-aggregates-enabled`. */
export type AggregateFn = 'count' | 'sum' | 'avg' | 'min' | 'max';

export interface Aggregate {
  fn: AggregateFn;
  /** The cast of the aggregate's result (`col.sum()::text`). */
  cast: string | null;
}

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      /** `*` with the `count` aggregate for `count()`. */
      field: FieldRef;
      alias: string | null;
      /** The cast of the value (before an aggregate: `col::int.sum()`). */
      cast: string | null;
      /** Present only for an aggregate (`count()`, `col.sum()`). */
      aggregate?: Aggregate;
    }
  | {
      kind: 'embed';
      relation: string;
      alias: string | null;
      hint: string | null;
      joinType: 'inner' | 'left' | null;
      items: SelectItem[];
      /** `...rel(cols)`: the embed's columns are merged into the parent's. */
      spread: boolean;
    };

export type { FilterValue, FtsOperator, QuantOperator, SimpleOperator } from '../sql/filter-grammar.ts';

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  value: FilterValue;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  /** Related order (`order=customer(name).asc`): the embed (alias or name) holding the field. */
  relation: string | null;
  field: FieldRef;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Query parameters that shape one node of the request tree (root or an embed path). */
export interface NodeParams {
  conditions: Condition[];
  order: OrderTerm[] | null;
  limit: number | null;
  offset: number | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path ('' = root, 'customer' or 'bookings.reviews' for embeds, by alias or name). */
  nodes: Map<string, NodeParams>;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Query parameters taken as function arguments (GET /rpc), by name. */
  args: Map<string, string>;
}

const NAME_CHARS = /[\p{L}\p{N}_$]/u;

class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  peek(n = 0): string {
    return this.text.charAt(this.pos + n);
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eof(): boolean {
    return this.pos >= this.text.length;
  }
  skipSpaces(): void {
    while (!this.eof() && /\s/.test(this.peek())) this.pos += 1;
  }
  fail(expecting: string): never {
    const found = this.eof() ? 'end of input' : `"${this.peek()}"`;
    throw parseError(`"failed to parse ${this.what} (${this.text})"`, `unexpected ${found} expecting ${expecting}`);
  }
  expect(s: string): void {
    if (!this.startsWith(s)) this.fail(`"${s}"`);
    this.pos += s.length;
  }
}

/** A double-quoted string with backslash escapes; the cursor is on the opening quote. */
function readQuoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.eof()) {
    const ch = c.peek();
    if (ch === '\\' && c.pos + 1 < c.text.length) {
      out += c.peek(1);
      c.pos += 2;
      continue;
    }
    if (ch === '"') {
      c.pos += 1;
      return out;
    }
    out += ch;
    c.pos += 1;
  }
  return c.fail('closing quote');
}

function readName(c: Cursor): string {
  c.skipSpaces();
  if (c.peek() === '"') return readQuoted(c);
  const start = c.pos;
  while (!c.eof() && NAME_CHARS.test(c.peek())) c.pos += 1;
  if (c.pos === start) c.fail('field name');
  return c.text.slice(start, c.pos);
}

function readJsonKey(c: Cursor): string {
  if (c.peek() === '"') return readQuoted(c);
  const start = c.pos;
  while (!c.eof() && /[^\s.,:()!<>"'-]/u.test(c.peek())) c.pos += 1;
  // Array indexes may be negative (`->-1`).
  if (c.pos === start && c.peek() === '-' && /\d/.test(c.peek(1))) {
    c.pos += 1;
    while (!c.eof() && /\d/.test(c.peek())) c.pos += 1;
  }
  if (c.pos === start) c.fail('JSON key');
  return c.text.slice(start, c.pos);
}

function readField(c: Cursor): FieldRef {
  const name = readName(c);
  const jsonPath: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    jsonPath.push({ arrow, key: readJsonKey(c) });
  }
  return { name, jsonPath };
}

/** Parses `select=`. */
export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select');
  const items = readSelectItems(c, 0);
  c.skipSpaces();
  if (!c.eof()) c.fail('"," or end of input');
  return items;
}

const MAX_EMBED_DEPTH = 8;

function readSelectItems(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_EMBED_DEPTH) throw parseError(`"failed to parse select (${c.text})"`, 'embedding is nested too deeply');
  const items: SelectItem[] = [];
  for (;;) {
    c.skipSpaces();
    items.push(readSelectItem(c, depth));
    c.skipSpaces();
    if (c.peek() === ',') {
      c.pos += 1;
      continue;
    }
    return items;
  }
}

function readSelectItem(c: Cursor, depth: number): SelectItem {
  if (c.peek() === '*') {
    c.pos += 1;
    return { kind: 'star' };
  }
  let spread = false;
  if (c.startsWith('...')) {
    c.pos += 3;
    spread = true;
  }
  let alias: string | null = null;
  let field = readField(c);
  c.skipSpaces();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    if (field.jsonPath.length > 0 || spread) c.fail('"," or "::"');
    alias = field.name;
    c.pos += 1;
    c.skipSpaces();
    field = readField(c);
  }
  // `count()`: the count of the rows (PostgREST's pFieldSelect); refused later unless db-aggregates-enabled.
  if (field.name === 'count' && field.jsonPath.length === 0 && c.startsWith('()') && !spread) {
    c.pos += 2;
    const aggregateCast = readCast(c);
    return { kind: 'column', field: { name: '*', jsonPath: [] }, alias, cast: null, aggregate: { fn: 'count', cast: aggregateCast } };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    if (field.jsonPath.length > 0) c.fail('"," or "::"');
    let hint: string | null = null;
    let joinType: 'inner' | 'left' | null = null;
    while (c.peek() === '!') {
      c.pos += 1;
      const word = readName(c);
      if (word === 'inner' || word === 'left') joinType = word;
      else if (hint === null) hint = word;
      else c.fail('"(" ');
    }
    c.expect('(');
    c.skipSpaces();
    const items = c.peek() === ')' ? [] : readSelectItems(c, depth + 1);
    c.skipSpaces();
    c.expect(')');
    return { kind: 'embed', relation: field.name, alias, hint, joinType, items, spread };
  }
  if (spread) c.fail('"("');
  const cast = readCast(c);
  // `col.sum()`, `col::int.avg()::text`: an aggregate of the (cast) value, with an optional cast of its result.
  const aggregate = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
  if (aggregate) {
    c.pos += aggregate[0].length;
    const aggregateCast = readCast(c);
    return { kind: 'column', field, alias, cast, aggregate: { fn: aggregate[1] as AggregateFn, cast: aggregateCast } };
  }
  return { kind: 'column', field, alias, cast };
}

/** An optional `::type` (letters, digits, `_` and inner spaces, as PostgREST's pIdentifier). */
function readCast(c: Cursor): string | null {
  if (!c.startsWith('::')) return null;
  c.pos += 2;
  const start = c.pos;
  while (!c.eof() && /[A-Za-z0-9_ ]/.test(c.peek()) && !(c.peek() === ' ' && c.peek(1) === ',')) c.pos += 1;
  const cast = c.text.slice(start, c.pos).trim();
  if (cast === '') c.fail('type name');
  return cast;
}

/** Runs a function of the shared grammar, answering its syntax errors as PGRST100. */
function grammar<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof GrammarError) throw parseError(error.message, error.details);
    throw error;
  }
}

function splitTopLevel(text: string): string[] {
  return grammar(() => grammarSplit(text));
}

/** Parses `in.(a,"b,c")` lists (exported for tests). */
export function parseList(text: string, whole: string): string[] {
  return grammar(() => grammarList(text, whole));
}

/**
 * Parses the operator part of a filter (`eq.5`, `not.in.(1,2)`, `fts(english).cat`,
 * `like(any).{a*,b*}`). `inTree` strips double quotes around the value, as PostgREST does inside or/and.
 */
export function parseOperation(text: string, field: FieldRef, inTree: boolean): Filter {
  const { negate, value } = grammar(() => parseOperatorExpression(text, inTree));
  return { kind: 'filter', field, negate, value };
}

/** Parses `(a.eq.1,b.gt.2,and(c.is.null,d.lt.3))` — the value of `or=`/`and=`. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string, depth = 0): LogicTree {
  if (depth > 16) throw parseError(`"failed to parse logic tree (${text})"`, 'nested too deeply');
  const trimmed = text.trim();
  if (!trimmed.startsWith('(') || !trimmed.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${text})"`, 'expecting "(" … ")"');
  }
  const inner = trimmed.slice(1, -1);
  const children: Condition[] = [];
  for (const partRaw of splitTopLevel(inner)) {
    const part = partRaw.trim();
    if (part === '') throw parseError(`"failed to parse logic tree (${text})"`, 'empty condition');
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(part);
    if (logic) {
      children.push(parseLogicTree(logic[2] as 'and' | 'or', logic[1] !== undefined, logic[3]!, depth + 1));
      continue;
    }
    const c = new Cursor(part, 'logic tree');
    const field = readField(c);
    if (c.peek() !== '.') c.fail('"."');
    children.push(parseOperation(part.slice(c.pos + 1), field, true));
  }
  return { kind: 'logic', op, negate, children };
}

/** Parses `order=a.desc.nullslast,b`. */
export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((part) => {
    const c = new Cursor(part.trim(), 'order');
    if (c.text === '') c.fail('field name');
    let field = readField(c);
    let relation: string | null = null;
    if (c.peek() === '(') {
      if (field.jsonPath.length > 0) c.fail('"." or ","');
      relation = field.name;
      c.pos += 1;
      field = readField(c);
      c.expect(')');
    }
    let direction: OrderTerm['direction'] = null;
    let nulls: OrderTerm['nulls'] = null;
    const modifiers = c.eof() ? [] : (c.expect('.'), c.text.slice(c.pos).split('.'));
    for (const m of modifiers) {
      if ((m === 'asc' || m === 'desc') && direction === null) direction = m;
      else if ((m === 'nullsfirst' || m === 'nullslast') && nulls === null) nulls = m === 'nullsfirst' ? 'first' : 'last';
      else throw parseError(`"failed to parse order (${text})"`, `unexpected "${m}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    return { relation, field, direction, nulls };
  });
}

/** Parses a column list such as `columns=a,b` or `on_conflict=a,b`. */
export function parseColumnList(text: string, what: string): string[] {
  return splitTopLevel(text).map((part) => {
    const c = new Cursor(part.trim(), what);
    const name = readName(c);
    c.skipSpaces();
    if (!c.eof()) c.fail('"," or end of input');
    return name;
  });
}

function parseNonNegative(text: string, what: 'limit' | 'offset'): number {
  if (/^-\d+$/.test(text) && what === 'limit') {
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
  }
  if (!/^\d{1,15}$/.test(text)) throw parseError(`"failed to parse ${what} parameter (${text})"`, 'expecting a non-negative integer');
  return Number(text);
}

function nodeFor(nodes: Map<string, NodeParams>, path: string): NodeParams {
  let node = nodes.get(path);
  if (!node) {
    node = { conditions: [], order: null, limit: null, offset: null };
    nodes.set(path, node);
  }
  return node;
}

function logicKey(key: string): { path: string; op: 'and' | 'or'; negate: boolean } | null {
  const m = /(?:^|\.)(or|and)$/.exec(key);
  if (!m) return null;
  let head = key.slice(0, m.index);
  let negate = false;
  if (head === 'not' || head.endsWith('.not')) {
    negate = true;
    head = head.slice(0, Math.max(0, head.length - 4));
  }
  return { path: head, op: m[1] as 'and' | 'or', negate };
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);

/**
 * Parses a whole query string. `isArgument` tells which keys are RPC arguments (GET /rpc).
 */
export function parseQuery(params: URLSearchParams, isArgument: (key: string) => boolean = () => false): ParsedQuery {
  const parsed: ParsedQuery = {
    select: [{ kind: 'star' }],
    nodes: new Map([['', { conditions: [], order: null, limit: null, offset: null }]]),
    columns: null,
    onConflict: null,
    args: new Map(),
  };
  for (const [key, value] of params) {
    if (RESERVED.has(key)) {
      if (key === 'select') parsed.select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
      else if (key === 'columns') parsed.columns = parseColumnList(value, 'columns');
      else parsed.onConflict = parseColumnList(value, 'on_conflict');
      continue;
    }
    if (isArgument(key)) {
      parsed.args.set(key, value);
      continue;
    }
    // Logic trees: or, and, not.or, not.and, possibly after an embed path.
    const logic = logicKey(key);
    if (logic) {
      nodeFor(parsed.nodes, logic.path).conditions.push(parseLogicTree(logic.op, logic.negate, value));
      continue;
    }
    const special = /^(?:(.+)\.)?(order|limit|offset)$/.exec(key);
    if (special) {
      const node = nodeFor(parsed.nodes, special[1] ?? '');
      if (special[2] === 'order') node.order = parseOrder(value);
      else if (special[2] === 'limit') node.limit = parseNonNegative(value, 'limit');
      else node.offset = parseNonNegative(value, 'offset');
      continue;
    }
    // A filter: [embed.path.]field[->json] = [not.]op.value
    const c = new Cursor(key, 'filter');
    const segments: FieldRef[] = [readField(c)];
    while (c.peek() === '.') {
      c.pos += 1;
      segments.push(readField(c));
    }
    if (!c.eof()) c.fail('"." or end of input');
    const field = segments.pop()!;
    if (segments.some((s) => s.jsonPath.length > 0)) c.fail('an embedded resource name');
    const path = segments.map((s) => s.name).join('.');
    nodeFor(parsed.nodes, path).conditions.push(parseOperation(value, field, false));
  }
  return parsed;
}
