// Sort of an admin list (docs/screens.md#sorting-lists): one string "column.asc" / "column.desc"
// kept in the URL under `sort` ('' is the list's default order, left out of the URL) and sent to
// the server as is. Clicking a header cycles ascending → descending → default.

export interface SortState {
  column: string;
  ascending: boolean;
}

/** "created_at.desc" → { column: 'created_at', ascending: false }; anything else → null. */
export function parseSort(sort: string): SortState | null {
  const match = /^([A-Za-z0-9_]+)\.(asc|desc)$/.exec(sort);
  if (!match || match[1] === undefined) return null;
  return { column: match[1], ascending: match[2] === 'asc' };
}

/**
 * The sort after a click on `column`'s header: another column (or the default) → ascending,
 * ascending → descending, descending → the default (''). A result equal to the list's default
 * order is written as '' so that the URL stays clean.
 */
export function nextSort(current: string, column: string, defaultSort = ''): string {
  const shown = parseSort(current === '' ? defaultSort : current);
  const explicit = current !== '' && parseSort(current) !== null;
  let next: string;
  if (!explicit || shown === null || shown.column !== column) next = `${column}.asc`;
  else if (shown.ascending) next = `${column}.desc`;
  else next = '';
  return next === defaultSort ? '' : next;
}

/** The sort actually applied: the URL's, else the default. */
export function effectiveSort(sort: string, defaultSort = ''): SortState | null {
  return parseSort(sort === '' ? defaultSort : sort);
}

/** Every value `sort` may take in the URL for these sortable columns ('' first): the `allowed` list of useUrlState. */
export function sortValues(columns: readonly string[]): string[] {
  return ['', ...columns.flatMap((column) => [`${column}.asc`, `${column}.desc`])];
}

/** The sort keys of a table's columns (those with a `sortKey`). */
export function sortKeysOf(columns: readonly { sortKey?: string }[]): string[] {
  return columns.flatMap((column) => (column.sortKey === undefined ? [] : [column.sortKey]));
}

/** `p_sort` of a list RPC: only an explicit sort is sent (the function's default order otherwise). */
export function sortArg(sort: string): { p_sort?: string } {
  return parseSort(sort) === null ? {} : { p_sort: sort };
}

