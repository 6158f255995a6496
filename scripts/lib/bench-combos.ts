// Which filter × sort combinations of a list screen `npm run bench:api` measures
// (docs/benchmarks.md#method): the screen's filter choices (each choice of each select
// filter, a short and a long search in each text field, the pickers with a real value, none) crossed
// with every order a header click reaches (the default order and each other `column.asc` /
// `column.desc` of the screen's `allowed.sort`). Each combination's pages are then planned by
// bench-pages.ts. Pure functions, unit-tested in bench-combos.test.ts.

/** One filter setting of a screen, as its RPC receives it. */
export interface FilterChoice {
  /** The row name's filter part after the list's label: ', status completed' ('' = no filter). */
  name: string;
  args: Record<string, unknown>;
  /** The screen's field it sets ('status', 'search'); generated choices only (`--combos=pairs` pairs two fields). */
  field?: string;
}

export interface ComboList {
  /** The first word of the rows' names: 'bookings', 'audit log'. */
  label: string;
  fn: string;
  filters: readonly FilterChoice[];
  /** The screen's `allowed.sort` (sortValues: '' first, then column.asc / column.desc). */
  sorts: readonly string[];
  /** The list's own order (written out in `allowed.sort`, equal to ''). */
  defaultSort: string;
}

/**
 * all: every filter choice in every order (the issue's coverage); single: one factor at a time —
 * each filter choice in the default order, each order without a filter (the bench before the cross);
 * pairs: two filters of different fields set together (a text and a rating), in every order.
 */
export type ComboMode = 'all' | 'single' | 'pairs';

export interface Combo {
  name: string;
  fn: string;
  args: Record<string, unknown>;
  /** `p_sort` ('' = not sent: the list's default order). */
  sort: string;
}

/** The short and the long search of a text field: two letters, and two words without accents. */
export const SHORT_SEARCH = 'do';
export const LONG_SEARCH = 'nguyen van';

/** The choices of a text field: a short and a long accent-less search, named as the bench always named them. */
export function searchChoices(field: string, toArgs: (text: string) => Record<string, unknown>): FilterChoice[] {
  const prefix = field === '' ? '' : `${field} `;
  const fieldName = field === '' ? 'search' : field;
  return [
    { name: `, ${prefix}"${SHORT_SEARCH}" (2 letters)`, args: toArgs(SHORT_SEARCH), field: fieldName },
    { name: `, ${prefix}"${LONG_SEARCH}" (no accents)`, args: toArgs(LONG_SEARCH), field: fieldName },
  ];
}

/** The choices of a select filter: each value but the "all" one (''), named ', <field> <value>'. */
export function selectChoices(field: string, values: readonly string[], toArgs: (value: string) => Record<string, unknown>, all: readonly string[] = ['']): FilterChoice[] {
  return values.filter((value) => !all.includes(value)).map((value) => ({ name: `, ${field} ${value}`, args: toArgs(value), field }));
}

/** The sort keys (columns) of an `allowed.sort` list, in its order. */
export function sortKeys(allowed: readonly string[]): string[] {
  return [...new Set(allowed.filter((sort) => sort !== '').map((sort) => sort.replace(/\.(asc|desc)$/, '')))];
}

/** The orders a header click reaches: '' (the default order) first, then the others, the default one not written twice. */
export function offeredSorts(allowed: readonly string[], defaultSort: string): string[] {
  return ['', ...allowed.filter((sort) => sort !== '' && sort !== defaultSort)];
}

/** Arguments as a key independent of their order. */
function argsKey(args: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(args).sort().map((key) => [key, args[key]]));
}

/**
 * Filter choices without repeats: a choice whose arguments equal an earlier one's is dropped, so a
 * row the bench has long measured under its own name (', last 7 days', ', one star') keeps it.
 * A choice whose translator drops its value (no arguments) is dropped as well: it is the no-filter row.
 */
export function uniqueFilters(choices: readonly FilterChoice[]): FilterChoice[] {
  const seen = new Set<string>();
  const names = new Set<string>();
  const unique: FilterChoice[] = [];
  for (const choice of choices) {
    const key = argsKey(choice.args);
    if ((choice.name !== '' && key === argsKey({})) || seen.has(key) || names.has(choice.name)) continue;
    seen.add(key);
    names.add(choice.name);
    unique.push(choice);
  }
  return unique;
}

/**
 * Every two generated choices of different fields set together, arguments merged, named one after
 * the other: ', rating 1, "do" (2 letters)'. Choices without a field (the hand-listed rows) are left out.
 */
export function pairFilters(choices: readonly FilterChoice[]): FilterChoice[] {
  const fielded = choices.filter((choice) => choice.field !== undefined);
  return fielded.flatMap((first, i) =>
    fielded
      .slice(i + 1)
      .filter((second) => second.field !== first.field)
      .map((second) => ({ name: `${first.name}${second.name}`, args: { ...first.args, ...second.args } })),
  );
}

/**
 * The combinations of one list: no filter first, then each filter choice (pairs: each pair of
 * choices instead); for each, the default order, then each other order. Names: '<label><filter>' in
 * the default order, '<label><filter>, sort <p_sort>' otherwise ('bookings, sort final_price.asc'
 * is the unfiltered list in that order).
 */
export function crossCombos(list: ComboList, mode: ComboMode = 'all'): Combo[] {
  const filters = mode === 'pairs' ? uniqueFilters(pairFilters(list.filters)) : uniqueFilters([{ name: '', args: {} }, ...list.filters]);
  const sorts = offeredSorts(list.sorts, list.defaultSort);
  return filters.flatMap((filter) =>
    sorts
      .filter((sort) => mode !== 'single' || filter.name === '' || sort === '')
      .map((sort) => ({ name: `${list.label}${filter.name}${sort === '' ? '' : `, sort ${sort}`}`, fn: list.fn, args: filter.args, sort })),
  );
}

/** `--combos=all|single|pairs` (default all). */
export function comboMode(argv: readonly string[]): ComboMode {
  const raw = argv.find((arg) => arg.startsWith('--combos='))?.slice('--combos='.length) ?? 'all';
  if (raw !== 'all' && raw !== 'single' && raw !== 'pairs') throw new Error(`--combos must be all, single or pairs, not "${raw}"`);
  return raw;
}
