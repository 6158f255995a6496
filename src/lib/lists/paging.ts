// Page size of the admin's lists and the paging arguments of the list RPCs: shared by the api files
// (what they ask for) and the pagination component (what it shows), so neither imports the other.

/** Rows per page of the admin's lists, unless the URL chooses another of PAGE_SIZES (`?size=`). */
export const PAGE_SIZE = 50;

/** The page sizes an admin may choose (docs/screens.md#page-size); anything else in the URL is PAGE_SIZE. */
export const PAGE_SIZES = [20, 50, 100] as const;

export function isPageSize(value: unknown): value is (typeof PAGE_SIZES)[number] {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/** The page size a URL state holds: one of PAGE_SIZES, else PAGE_SIZE. */
export function pageSizeOf(value: unknown): number {
  return isPageSize(value) ? value : PAGE_SIZE;
}

/** `p_limit` / `p_offset` of a 1-based page. */
export function pageArgs(page: number, pageSize: number = PAGE_SIZE): { p_limit: number; p_offset: number } {
  return { p_limit: pageSize, p_offset: (Math.max(1, Math.floor(page)) - 1) * pageSize };
}

/**
 * Rows a page number may skip from either end of a list (docs/search.md#deep-pages): the server
 * refuses a deeper offset (22023, detail `offset_window`); pages beyond are read with cursors.
 * Typed text narrows the window (every skipped match costs the rows between matches); the
 * bookings list in its default order without typed text or a person serves every page number.
 */
export const OFFSET_WINDOW = 2_000;
export const TEXT_OFFSET_WINDOW = 500;

/** The window of a list: narrower when typed text filters it. */
export function offsetWindow(textFiltered: boolean): number {
  return textFiltered ? TEXT_OFFSET_WINDOW : OFFSET_WINDOW;
}

/** Where a list is, as the URL keeps it: the 1-based page and, past the numbered window, the cursor it was reached by. */
// A type alias, not an interface: it must fit the index-signed URL state of the list pages.
export type ListPosition = {
  page: number;
  /** The last row's cursor of the page before (reached by "next"). */
  after: string;
  /** The first row's cursor of the page after (reached by "previous"). */
  before: string;
};

/**
 * URL defaults of a server-paginated list's sort, position and page size ('' = the list's default
 * order): every list's URL state spreads them, so every list reads `?size=` the same way.
 */
export const LIST_VIEW_DEFAULTS: { sort: string; page: number; after: string; before: string; size: number } = {
  sort: '',
  page: 1,
  after: '',
  before: '',
  size: PAGE_SIZE,
};

/** A list's sort, position and page size, as its query needs them. */
export type ListView = ListPosition & {
  sort: string;
  /** Rows per page: one of PAGE_SIZES. */
  size: number;
};

/** The view of a list out of its URL state (a missing or unknown size is PAGE_SIZE). */
export function listView(state: { sort: string; page: number; after: string; before: string; size?: number | string }): ListView {
  return { sort: state.sort, page: state.page, after: state.after, before: state.before, size: pageSizeOf(state.size) };
}

/** The offset of a page's first row. */
export function pageOffset(page: number, pageSize: number = PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/**
 * Whether a page number can be opened by itself (without a cursor): within the window from the
 * start, or — the total known exactly — within the window from the end.
 */
export function pageReachable(
  page: number,
  total: number | undefined,
  totalExact: boolean,
  { pageSize = PAGE_SIZE, window = OFFSET_WINDOW }: { pageSize?: number; window?: number } = {},
): boolean {
  const offset = pageOffset(page, pageSize);
  if (offset <= window) return true;
  if (total === undefined || !totalExact || offset >= total) return false;
  return total - Math.min(offset + pageSize, total) <= window;
}
