// Search helpers shared by every screen that sends typed text or an id from the URL to the
// database (docs/architecture.md#search-helpers). The admin's text is matched literally: the LIKE
// wildcards % and _ and the escape character \ are escaped, and `%` is the one wildcard we write.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a uuid in its text form: ids from the URL are checked before they reach a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** "50%_x" → "50\%\_x": LIKE's wildcards and escape character, typed by the admin, stay literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Pattern of `.ilike(column, pattern)` for "contains the trimmed text". */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.trim())}%`;
}

/**
 * "contains" as a value inside PostgREST's `or=(…)` grammar: double-quoted, with `"` and `\`
 * escaped, so commas and parentheses typed by the admin stay text.
 */
export function orContainsValue(text: string): string {
  return `"${containsPattern(text).replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** `name.ilike."%x%",icon.ilike."%x%"` plus `category_id.in.(…)` when ids are given. */
export function searchOrFilter(columns: readonly string[], text: string, inColumn?: { column: string; ids: readonly string[] }): string {
  const parts = columns.map((column) => `${column}.ilike.${orContainsValue(text)}`);
  if (inColumn && inColumn.ids.length > 0) parts.push(`${inColumn.column}.in.(${inColumn.ids.join(',')})`);
  return parts.join(',');
}
