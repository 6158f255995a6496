// The functions, policies, triggers and views a set of SQL files create, read from the text (no
// database), so that `npm run check:schemas` can say which one is created twice
// (docs/database.md#declarative-schemas: each object of supabase/schemas is defined once).
//
// Comments, string literals and dollar-quoted bodies are blanked first (a function body or a DO
// block that writes `create policy …` as text creates nothing here), keeping the line numbers.
// Names are compared the way Postgres resolves them: unquoted identifiers in lower case, quoted
// ones as written, an unqualified name in `public` (the migrations' search_path); a function is
// its name and the types of its arguments (modes in / inout / variadic, names and defaults left
// out, the common type aliases spelt one way), so overloads are different objects.

export type DefinitionKind = 'function' | 'policy' | 'trigger' | 'view';

export interface Definition {
  kind: DefinitionKind;
  /** e.g. `function private.count_matches(text, boolean)`, `policy bookings_admin_select on public.bookings`. */
  key: string;
  file: string;
  line: number;
}

export interface SqlFile {
  name: string;
  text: string;
}

/** `text` with comments, string literals, quoted identifiers' insides kept, and dollar-quoted bodies blanked (newlines kept). */
export function blankNonCode(text: string): string {
  const out: string[] = [];
  const blank = (s: string): string => s.replace(/[^\n]/g, ' ');
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out.push(blank(text.slice(i, stop)));
      i = stop;
    } else if (rest.startsWith('/*')) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out.push(blank(text.slice(i, stop)));
      i = stop;
    } else if (dollar && (i === 0 || !/[A-Za-z0-9_]/.test(text[i - 1]!))) {
      const tag = dollar[0];
      const end = text.indexOf(tag, i + tag.length);
      const stop = end < 0 ? text.length : end + tag.length;
      out.push(tag + blank(text.slice(i + tag.length, stop - (end < 0 ? 0 : tag.length))) + (end < 0 ? '' : tag));
      i = stop;
    } else if (rest.startsWith("'")) {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === "'" && text[j + 1] === "'") j += 2;
        else if (text[j] === "'") break;
        else j += 1;
      }
      out.push("'" + blank(text.slice(i + 1, j)) + "'");
      i = j + 1;
    } else if (rest.startsWith('"')) {
      const end = text.indexOf('"', i + 1);
      const stop = end < 0 ? text.length : end + 1;
      out.push(text.slice(i, stop));
      i = stop;
    } else {
      out.push(text[i]!);
      i += 1;
    }
  }
  return out.join('');
}

/** One identifier as Postgres stores it: "Quoted" as written, unquoted in lower case. */
function identifier(part: string): string {
  return part.startsWith('"') ? part.slice(1, -1).replace(/""/g, '"') : part.toLowerCase();
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

/** `schema.name` of a possibly qualified name, `public` when unqualified. */
export function qualifiedName(name: string): string {
  const parts = name.match(new RegExp(IDENT, 'g')) ?? [];
  const [schema, object] = parts.length > 1 ? parts : ['public', parts[0] ?? ''];
  return `${identifier(schema!)}.${identifier(object!)}`;
}

const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  int4: 'integer',
  int2: 'smallint',
  int8: 'bigint',
  bool: 'boolean',
  float8: 'double precision',
  float4: 'real',
  varchar: 'character varying',
  char: 'character',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  timetz: 'time with time zone',
  time: 'time without time zone',
  decimal: 'numeric',
};

/** Words that start a type written in several words (so they are not an argument's name). */
const MULTI_WORD_TYPE_STARTS = new Set(['double', 'character', 'bit', 'timestamp', 'time', 'national', 'interval']);
const MODES = new Set(['in', 'out', 'inout', 'variadic']);

/** A type as the identity of a function spells it: lower case, aliases resolved, no modifiers. */
export function normaliseType(type: string): string {
  let t = type.trim().replace(/\s+/g, ' ').toLowerCase().replace(/\s*\(\s*[\d\s,]+\)/g, '');
  t = t.replace(/^(public|pg_catalog)\./, '');
  const array = /(\[\])+$/.exec(t)?.[0] ?? '';
  t = t.slice(0, t.length - array.length).trim();
  t = TYPE_ALIASES[t] ?? t;
  return t + array;
}

/** Splits at the commas outside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The identity argument types of a CREATE FUNCTION's argument list (`p_a text, out x int` → `text`). */
export function identityArguments(argumentList: string): string[] {
  const types: string[] = [];
  for (const argument of splitTopLevel(argumentList)) {
    const withoutDefault = argument.replace(/\s+(default\b|=)[\s\S]*$/i, '').trim();
    let words = withoutDefault.split(/\s+/);
    let mode = 'in';
    if (words.length > 1 && MODES.has(words[0]!.toLowerCase())) {
      mode = words[0]!.toLowerCase();
      words = words.slice(1);
    }
    if (mode === 'out') continue;
    // `name type…` unless the words are a type on their own (`double precision`, `timestamp with time zone`).
    if (words.length > 1 && !MULTI_WORD_TYPE_STARTS.has(words[0]!.toLowerCase())) words = words.slice(1);
    types.push(normaliseType(words.join(' ')));
  }
  return types;
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The argument list that starts at the `(` at `open` (up to its matching `)`). */
function parenthesised(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1);
}

/** Every function, policy, trigger and view `file` creates. */
export function definitionsOf(file: SqlFile): Definition[] {
  const code = blankNonCode(file.text);
  const found: Definition[] = [];
  const add = (kind: DefinitionKind, key: string, index: number): void => {
    found.push({ kind, key, file: file.name, line: lineAt(code, index) });
  };
  const fn = new RegExp(String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:function|procedure)\s+(${QUALIFIED})\s*\(`, 'gi');
  for (const m of code.matchAll(fn)) {
    const args = identityArguments(parenthesised(code, m.index + m[0].length - 1));
    add('function', `function ${qualifiedName(m[1]!)}(${args.join(', ')})`, m.index);
  }
  const policy = new RegExp(String.raw`\bcreate\s+policy\s+(${IDENT})\s+on\s+(${QUALIFIED})`, 'gi');
  for (const m of code.matchAll(policy)) add('policy', `policy ${identifier(m[1]!)} on ${qualifiedName(m[2]!)}`, m.index);
  const trigger = new RegExp(
    String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+(${IDENT})\s+(?:before|after|instead\s+of)\b[\s\S]*?\bon\s+(${QUALIFIED})`,
    'gi',
  );
  for (const m of code.matchAll(trigger)) add('trigger', `trigger ${identifier(m[1]!)} on ${qualifiedName(m[2]!)}`, m.index);
  const view = new RegExp(
    String.raw`\bcreate\s+(?:or\s+replace\s+)?(?:temp(?:orary)?\s+)?(?:recursive\s+)?(materialized\s+)?view\s+(?:if\s+not\s+exists\s+)?(${QUALIFIED})`,
    'gi',
  );
  for (const m of code.matchAll(view)) add('view', `${m[1] ? 'materialized view' : 'view'} ${qualifiedName(m[2]!)}`, m.index);
  return found.sort((a, b) => a.line - b.line);
}

/** The objects created more than once across `files`, each with every place that creates it. */
export function findDuplicateDefinitions(files: SqlFile[]): Map<string, Definition[]> {
  const byKey = new Map<string, Definition[]>();
  for (const file of files) {
    for (const definition of definitionsOf(file)) {
      const list = byKey.get(definition.key) ?? [];
      list.push(definition);
      byKey.set(definition.key, list);
    }
  }
  return new Map([...byKey].filter(([, list]) => list.length > 1));
}
