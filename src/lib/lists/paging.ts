// Page size of the admin's lists and the paging arguments of the list RPCs: shared by the api files
// (what they ask for) and the pagination component (what it shows), so neither imports the other.

/** Rows per page of the admin's lists. */
export const PAGE_SIZE = 50;

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

/** URL defaults of a server-paginated list's sort and position ('' = the list's default order). */
export const LIST_VIEW_DEFAULTS: { sort: string; page: number; after: string; before: string } = { sort: '', page: 1, after: '', before: '' };

/** A list's sort and position, as its query needs them. */
export type ListView = ListPosition & {
  sort: string;
};

/** The view of a list out of its URL state. */
export function listView(state: { sort: string; page: number; after: string; before: string }): ListView {
  return { sort: state.sort, page: state.page, after: state.after, before: state.before };
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
