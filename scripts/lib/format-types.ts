// Lays out the TypeScript that `supabase gen types` prints unformatted (one member per line,
// two-space indentation), so that src/types/database.ts reads well and diffs cleanly.

interface Open {
  char: string;
  block: boolean;
}

const CLOSERS: Record<string, string> = { '}': '{', ']': '[', ')': '(', '>': '<' };

/**
 * Formats one literal member by member: a type literal (`kind: 'type'`, members without
 * separators, as prettier prints them) or an object literal value (`kind: 'value'`, commas kept).
 */
export function formatTypeLiteral(source: string, kind: 'type' | 'value' = 'type'): string {
  const lines: string[] = [];
  const stack: Open[] = [];
  let depth = 0;
  let current = '';
  let quote: string | null = null;

  const flush = (): void => {
    const text = current.trim();
    current = '';
    if (text !== '') lines.push('  '.repeat(depth) + text);
  };
  const nextNonSpace = (from: number): string => {
    for (let j = from; j < source.length; j += 1) {
      const c = source[j]!;
      if (!/\s/.test(c)) return c;
    }
    return '';
  };

  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (quote !== null) {
      current += c;
      if (c === '\\' && i + 1 < source.length) {
        current += source[i + 1]!;
        i += 1;
      } else if (c === quote) {
        quote = null;
      }
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      current += c;
      continue;
    }
    if (/\s/.test(c)) {
      const top = stack.at(-1);
      const text = current.trim();
      // The generator separates some members by a bare line break: keep those apart.
      if (c === '\n' && (top === undefined || top.block) && text !== '' && !/[:|&=?,(<]$/.test(text)) {
        if (kind === 'value' && !text.endsWith(',')) current += ',';
        flush();
        continue;
      }
      if (current !== '' && !current.endsWith(' ')) current += ' ';
      continue;
    }
    if (c === '{' || c === '[') {
      const following = nextNonSpace(i + 1);
      const empty = following === (c === '{' ? '}' : ']');
      const block = !empty && (c === '{' || following === '{');
      current += c;
      stack.push({ char: c, block });
      if (block) {
        flush();
        depth += 1;
      }
      continue;
    }
    if (c === '(' || c === '<') {
      stack.push({ char: c, block: false });
      current += c;
      continue;
    }
    if (c === '}' || c === ']' || c === ')' || (c === '>' && stack.at(-1)?.char === '<')) {
      const open = stack.pop();
      if (open === undefined || open.char !== CLOSERS[c]) {
        throw new Error(`formatTypeLiteral: unbalanced "${c}" at ${i}`);
      }
      if (open.block) {
        flush();
        depth -= 1;
        current = c;
      } else {
        current = current.trimEnd() + c;
      }
      continue;
    }
    const top = stack.at(-1);
    if ((c === ',' || c === ';') && (top === undefined || top.block)) {
      // Members of a type literal: one per line, no separator (as prettier prints them).
      if (c === ',' && (kind === 'value' || top?.char === '[')) current += ',';
      flush();
      continue;
    }
    if (c === ',') {
      current = current.trimEnd() + ', ';
      continue;
    }
    current += c;
  }
  flush();
  if (stack.length > 0 || quote !== null) throw new Error('formatTypeLiteral: unbalanced input');
  // Drop the blank separators the generator leaves (e.g. a trailing comma after the last member).
  return lines.map((line) => line.replace(/\s+$/, '')).join('\n');
}

/**
 * Formats the output of `supabase gen types typescript`: the `Database` type and the `Constants`
 * object are laid out member by member; the helper types after them are already formatted.
 */
export function formatGeneratedTypes(raw: string): string {
  const start = raw.indexOf('export type Json');
  if (start < 0) throw new Error('supabase gen types: output has no "export type Json" (unexpected format)');
  let text = raw.slice(start).replace(/\r\n/g, '\n');

  const formatSegment = (startMarker: string, endMarker: string | null, kind: 'type' | 'value'): void => {
    const from = text.indexOf(startMarker);
    if (from < 0) throw new Error(`supabase gen types: "${startMarker}" not found`);
    const bodyStart = from + startMarker.length;
    const to = endMarker === null ? text.length : text.indexOf(endMarker, bodyStart);
    if (to < 0) throw new Error(`supabase gen types: "${endMarker ?? ''}" not found`);
    const body = text.slice(bodyStart, to);
    const suffix = /\bas const\s*$/.test(body.trimEnd()) ? ' as const' : '';
    const literal = suffix ? body.trimEnd().replace(/\s*as const$/, '') : body;
    text = `${text.slice(0, bodyStart)}${formatTypeLiteral(literal, kind).trimStart()}${suffix}\n\n${text.slice(to).trimStart()}`;
  };

  formatSegment('export type Database = ', 'type DatabaseWithoutInternals', 'type');
  formatSegment('export const Constants = ', null, 'value');
  return `${text.trimEnd()}\n`;
}
