// Page size of the admin's lists and the paging arguments of the list RPCs: shared by the api files
// (what they ask for) and the pagination component (what it shows), so neither imports the other.

/** Rows per page of the admin's lists. */
export const PAGE_SIZE = 50;

/** `p_limit` / `p_offset` of a 1-based page. */
export function pageArgs(page: number, pageSize: number = PAGE_SIZE): { p_limit: number; p_offset: number } {
  return { p_limit: pageSize, p_offset: (Math.max(1, Math.floor(page)) - 1) * pageSize };
}
