// Which requests the admin screens send to reach the pages of a list, for `npm run bench:api`
// (docs/search.md#deep-pages): the numbered window of each screen (lib/lists/paging.ts offsetWindow, the
// bookings list's own rule in booking-filters.ts), the pager's choice between a page number and
// a cursor (paged-table.tsx pageNavigation) and fetchViewPage's fallback from the end of an exactly
// counted list (lib/lists/paged-list.ts). Pure functions, unit-tested in bench-pages.test.ts.
import { bookingsOffsetWindow, type ListBookingsArgs } from '../../src/features/bookings/api/booking-filters.ts';
import { OFFSET_WINDOW, PAGE_SIZE, TEXT_OFFSET_WINDOW, pageOffset, pageReachable } from '../../src/lib/lists/paging.ts';

/** Arguments of the list RPCs that carry typed text: a screen with one of them set narrows its window. */
export const TEXT_ARGUMENTS = ['p_search', 'p_package', 'p_service', 'p_customer', 'p_provider_name', 'p_customer_name'] as const;

function hasText(args: Record<string, unknown>): boolean {
  return TEXT_ARGUMENTS.some((name) => typeof args[name] === 'string' && (args[name] as string).trim() !== '');
}

/**
 * Rows a page number may skip on this screen: the bookings list's own rule (booking-filters.ts
 * bookingsOffsetWindow: every page of its default order, 500 rows with typed text or with a period
 * in another order); elsewhere 500 with typed text, else 2,000.
 */
export function screenWindow(fn: string, args: Record<string, unknown>, sort = ''): number {
  if (fn === 'admin_list_bookings') return bookingsOffsetWindow(args as ListBookingsArgs, sort);
  return hasText(args) ? TEXT_OFFSET_WINDOW : OFFSET_WINDOW;
}

/** The deepest page a page number opens from the start of a list (offset ≤ window): page 41, or 11 with typed text. */
export function deepestNumberedPage(window: number, pageSize: number = PAGE_SIZE): number {
  return Number.isFinite(window) ? Math.floor(window / pageSize) + 1 : Infinity;
}

/** What one measured request sends, besides the list's filters, sort and `p_limit`. */
export type PageRequest =
  /** A page by its number (`p_offset`). */
  | { kind: 'offset'; offset: number }
  /** The `p_last` read from the end (the last page: offset 0). */
  | { kind: 'last'; offset: number; limit: number }
  /** "Next" past the window: `p_after` = the `last_cursor` of page `from` (itself opened by number). */
  | { kind: 'after'; from: number }
  /** "Previous" past the window: `p_before` = the `first_cursor` of page `from + 1`, reached by two "next" from page `from - 1`. */
  | { kind: 'before'; from: number };

export interface PlannedPage {
  /** The row's label: its role, then the page in parentheses (stripped by growthKey). */
  label: string;
  page: number;
  request: PageRequest;
  /**
   * For a page number beyond the window of an exactly counted list: what fetchViewPage sends when
   * the server refuses the offset (`p_last` from the end, viewPageFallback).
   */
  fallback?: PageRequest;
}

/**
 * fetchViewPage's second try for a page whose offset the server refused (22023 offset_window): the
 * total being exact, the rows [offset, offset + pageSize) read from the end; null when the page is
 * past the end (the screen then shows an empty page) or the total an estimate (DeepPageError).
 */
export function viewPageFallback(page: number, total: number, exact: boolean, pageSize: number = PAGE_SIZE): Extract<PageRequest, { kind: 'last' }> | null {
  const offset = pageOffset(page, pageSize);
  if (!exact || offset >= total) return null;
  const end = Math.min(offset + pageSize, total);
  return { kind: 'last', offset: total - end, limit: end - offset };
}

/**
 * The pages of one list a screen reaches, from its first page's total, in the order measured:
 *
 * - page 1;
 * - the deepest numbered page (page 41, or 11 with typed text) when the list goes past it;
 * - a middle page as the pager reaches it: by its number when every page has one (the real middle;
 *   the bookings list in its default order at any size), else "next" from the deepest numbered page
 *   (`p_after`), or its number when the exact total puts it within the window from the end;
 * - "previous" back to that page from the one after it (`p_before`), when the pager would send a cursor;
 * - the last page: by its number when it is within the window (the bookings list in its default
 *   order: always), or an exact total (the server reads it from the end; fetchViewPage falls back to
 *   `p_last` if refused); with an estimated total, the `p_last => true, p_offset => 0` read of the
 *   contract's "last" link.
 */
export function planPages(total: number, exact: boolean, window: number, pageSize: number = PAGE_SIZE): PlannedPage[] {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const byNumber = (page: number): boolean => pageReachable(page, total, exact, { pageSize, window });
  const numbered = (label: string, page: number): PlannedPage => ({ label: `${label} (p. ${page})`, page, request: { kind: 'offset', offset: pageOffset(page, pageSize) } });
  const plan: PlannedPage[] = [{ label: 'page 1', page: 1, request: { kind: 'offset', offset: 0 } }];
  const deepest = deepestNumberedPage(window, pageSize);
  if (pages <= deepest) {
    // Every page opens by its number.
    if (pages >= 3) plan.push(numbered('middle page', Math.ceil(pages / 2)));
  } else {
    plan.push(numbered('deepest numbered page', deepest));
    const next = deepest + 1;
    if (byNumber(next)) {
      plan.push(numbered('middle page', next));
    } else {
      plan.push({ label: `middle page (p. ${next} via p_after)`, page: next, request: { kind: 'after', from: deepest } });
      // "Previous" from the page after it: a cursor too (that page's first_cursor).
      if (next + 1 <= pages) plan.push({ label: `previous page (p. ${next} via p_before)`, page: next, request: { kind: 'before', from: next } });
    }
  }
  if (pages >= 2 && !plan.some((p) => p.page === pages && p.request.kind === 'offset')) {
    if (byNumber(pages)) {
      const last = numbered('last page', pages);
      const fallback = pageOffset(pages, pageSize) > window ? viewPageFallback(pages, total, exact, pageSize) : null;
      plan.push(fallback ? { ...last, fallback } : last);
    } else {
      plan.push({ label: `last page (p. ~${pages} via p_last)`, page: pages, request: { kind: 'last', offset: 0, limit: pageSize } });
    }
  }
  return plan;
}

/** The growth table's key of a row: its name without the page in parentheses, so that sizes line up. */
export function growthKey(name: string): string {
  return name.replace(/ \(p\. [^)]*\)$/, '');
}

/**
 * The growth table's rows: every size's keys once, each size's order kept — a row measured at one
 * size only (a deep page exists only in a large list) stands after the row that precedes it there.
 */
export function growthOrder(sizes: readonly (readonly string[])[]): string[] {
  const order: string[] = [];
  for (const keys of sizes) {
    let previous = -1;
    for (const key of keys) {
      const at = order.indexOf(key);
      if (at >= 0) {
        previous = at;
        continue;
      }
      order.splice(previous + 1, 0, key);
      previous += 1;
    }
  }
  return order;
}
