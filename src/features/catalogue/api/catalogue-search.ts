// Server-side search of the catalogue screens through PostgREST: `or=(col.ilike."*text*",…)`.
// The typed text is matched literally: LIKE wildcards are escaped, and the value is double-quoted
// (with " and \ escaped) so commas and parentheses cannot break the or=() syntax.

export function ilikeValue(text: string): string {
  const escapedLike = text.trim().replace(/[\\%_]/g, (char) => `\\${char}`);
  const quoted = `*${escapedLike}*`.replace(/["\\]/g, (char) => `\\${char}`);
  return `"${quoted}"`;
}

/** `name.ilike."*x*",icon.ilike."*x*"` plus `category_id.in.(…)` when ids are given. */
export function searchOrFilter(columns: readonly string[], text: string, inColumn?: { column: string; ids: readonly string[] }): string {
  const parts = columns.map((column) => `${column}.ilike.${ilikeValue(text)}`);
  if (inColumn && inColumn.ids.length > 0) parts.push(`${inColumn.column}.in.(${inColumn.ids.join(',')})`);
  return parts.join(',');
}

/** The pattern for a plain `.ilike(column, pattern)` call (no or=() quoting needed). */
export function ilikePattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
