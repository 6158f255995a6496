// Search helpers shared by every screen that sends typed text or an id from the URL to the
// database (docs/architecture.md#search-helpers). Typed text goes to the list functions as is: the
// database folds it and matches it literally (docs/search.md#matching-typed-text).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a uuid in its text form: ids from the URL are checked before they reach a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Typed text as a list function's argument: `{ [arg]: text }` trimmed, nothing when only blanks were typed. */
export function textArg<A extends string>(arg: A, text: string): Partial<Record<A, string>> {
  const trimmed = text.trim();
  return trimmed === '' ? {} : ({ [arg]: trimmed } as Partial<Record<A, string>>);
}

// Accent-insensitive highlighting (docs/screens.md#search-and-highlight): the database matches
// "nguyen" to "Nguyễn" (lower-case, accents removed, đ → d: private.vi_fold); the screen marks the
// same span of the original text.

const COMBINING_MARK = /[\u0300-\u036f]/g;

/** One character (code point) folded as private.vi_fold folds it: lower-case, no accent, đ → d. */
function foldChar(char: string): string {
  return char.normalize('NFD').replace(COMBINING_MARK, '').replace(/đ/gi, 'd').toLowerCase();
}

/** "Nguyễn Đỗ" → "nguyen do": what a Vietnamese user types without diacritics. */
export function foldVietnamese(text: string): string {
  return Array.from(text, foldChar).join('');
}

export interface TextRange {
  start: number;
  /** Exclusive, in UTF-16 units of the original text. */
  end: number;
}

/** The folded text and, for each of its units, where its character starts and ends in the original. */
function foldWithMap(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let i = 0; i < piece.length; i += 1) {
      starts.push(offset);
      ends.push(offset + char.length);
    }
    // A lone combining mark (decomposed input) folds to nothing: it belongs to the letter before.
    if (piece.length === 0 && ends.length > 0) ends[ends.length - 1] = offset + char.length;
    folded += piece;
    offset += char.length;
  }
  return { folded, starts, ends };
}

function occurrences(folded: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/**
 * Where `term` occurs in `text`, ignoring case and accents (đ ↔ d): the whole term first; when it
 * does not occur as typed, each of its words. Ranges are sorted and never overlap.
 */
export function highlightRanges(text: string, term: string): TextRange[] {
  const needle = foldVietnamese(term).trim().replace(/\s+/g, ' ');
  if (needle === '' || text === '') return [];
  const { folded, starts, ends } = foldWithMap(text);
  const toRange = (at: number, length: number): TextRange => ({ start: starts[at] ?? 0, end: ends[at + length - 1] ?? text.length });
  const whole = occurrences(folded, needle);
  if (whole.length > 0) return whole.map((at) => toRange(at, needle.length));
  const ranges = needle
    .split(' ')
    .flatMap((word) => occurrences(folded, word).map((at) => toRange(at, word.length)))
    .sort((a, b) => a.start - b.start);
  const merged: TextRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** `text` cut into the parts to show plain and the parts to mark (`match`). */
export function highlightParts(text: string, term: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let cursor = 0;
  for (const range of highlightRanges(text, term)) {
    if (range.start > cursor) parts.push({ text: text.slice(cursor, range.start), match: false });
    parts.push({ text: text.slice(range.start, range.end), match: true });
    cursor = range.end;
  }
  if (cursor < text.length || parts.length === 0) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}
