// List state (filters, sort, page) kept in the query string (docs/decisions.md#lists-on-the-server): a link or a reload shows
// the same view. Values equal to their default are left out of the URL.
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPageSize, pageSizeOf } from './paging.ts';
import { SEARCH_MAX_LENGTH } from '@/lib/input/search-length.ts';

export type UrlValue = string | number;
export type UrlStateShape = Record<string, UrlValue>;

export interface UrlStateOptions<T extends UrlStateShape> {
  /** Allowed values per key (e.g. statuses); anything else in the URL falls back to the default. */
  allowed?: { [K in keyof T]?: readonly T[K][] };
  /** Keys whose change does NOT send the list back to page 1 (besides `page` itself). */
  keepPageOn?: readonly (keyof T)[];
}

/**
 * Reads typed values from the query string; numbers are parsed, bad values fall back to defaults,
 * texts longer than SEARCH_MAX_LENGTH characters are cut to it (page cursors excepted).
 */
export function parseUrlState<T extends UrlStateShape>(
  params: URLSearchParams,
  defaults: T,
  options: UrlStateOptions<T> = {},
): T {
  const result: UrlStateShape = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const raw = params.get(key);
    if (raw === null) continue;
    const fallback = defaults[key];
    let value: UrlValue;
    if (typeof fallback === 'number') {
      const parsed = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(parsed)) continue;
      value = key === 'page' ? Math.max(1, Math.floor(parsed)) : parsed;
    } else {
      // Search text (and any other text) is bounded: a longer value is cut, never sent on as it is.
      value = key === 'after' || key === 'before' ? raw : [...raw].slice(0, SEARCH_MAX_LENGTH).join('');
    }
    // Every list's page size (LIST_VIEW_DEFAULTS): one of PAGE_SIZES, anything else the default.
    if (key === 'size' && !isPageSize(value)) continue;
    const allowed = options.allowed?.[key] as readonly UrlValue[] | undefined;
    if (allowed !== undefined && !allowed.includes(value)) continue;
    result[key] = value;
  }
  return result as T;
}

/** Writes the state into a copy of `base`, dropping defaults and keeping unrelated parameters. */
export function serializeUrlState<T extends UrlStateShape>(
  state: T,
  defaults: T,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of Object.keys(defaults)) {
    const value = state[key];
    if (value === undefined || value === defaults[key] || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * Applies a change; changing any filter or the sort resets `page` to its default. A page cursor
 * (`after` / `before`, docs/search.md#deep-pages) holds only for the change that sets it: any other
 * change (another page, a filter, the sort) drops it.
 */
export function applyUrlStatePatch<T extends UrlStateShape>(
  current: T,
  patch: Partial<T>,
  defaults: T,
  keepPageOn: readonly (keyof T)[] = [],
): T {
  const next: T = { ...current, ...patch };
  if (!('after' in patch) && !('before' in patch)) {
    for (const key of ['after', 'before'] as const) if (key in defaults) (next as UrlStateShape)[key] = defaults[key] as UrlValue;
  }
  if ('page' in defaults && !('page' in patch)) {
    const changedFilter = (Object.keys(patch) as (keyof T)[]).some(
      (key) => key !== 'page' && !keepPageOn.includes(key) && patch[key] !== current[key],
    );
    if (changedFilter) (next as UrlStateShape).page = defaults.page as UrlValue;
  }
  return next;
}

export interface SetUrlStateOptions {
  /** Replace the history entry instead of pushing one (use it for typing in a search box). */
  replace?: boolean;
}

/**
 * `const [state, setState, reset] = useUrlState(DEFAULTS)` — DEFAULTS must be a module-level
 * constant. `setState({ status: 'completed' })` also sends the list back to page 1.
 */
export function useUrlState<T extends UrlStateShape>(
  defaults: T,
  options: UrlStateOptions<T> = {},
): [T, (patch: Partial<T>, setOptions?: SetUrlStateOptions) => void, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { allowed, keepPageOn } = options;
  const state = useMemo(
    () => parseUrlState(searchParams, defaults, { allowed }),
    [searchParams, defaults, allowed],
  );

  const setState = useCallback(
    (patch: Partial<T>, setOptions: SetUrlStateOptions = {}) => {
      setSearchParams(
        (previous) => {
          const current = parseUrlState(previous, defaults, { allowed });
          const next = applyUrlStatePatch(current, patch, defaults, keepPageOn ?? []);
          return serializeUrlState(next, defaults, previous);
        },
        { replace: setOptions.replace ?? false },
      );
    },
    [setSearchParams, defaults, allowed, keepPageOn],
  );

  const reset = useCallback(() => {
    setSearchParams((previous) => serializeUrlState(defaults, defaults, previous));
  }, [setSearchParams, defaults]);

  return [state, setState, reset];
}

/** Zero-based range for PostgREST `.range(from, to)` of a 1-based page. */
export function pageRange(page: number, pageSize: number): { from: number; to: number } {
  const safePage = Math.max(1, Math.floor(page));
  const from = (safePage - 1) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/**
 * A page number past the end (an old link, rows removed meanwhile): once the list has answered
 * (`settled`: loaded, not refetching, and its total too when another query counts) with no rows on a
 * page after the first, the URL's page is replaced by `lastPage` — the last page of an exact total,
 * 1 when the total is only estimated or claims pages that turned out empty.
 */
export function useKeepPageInRange(
  setState: (patch: { page: number }, setOptions: SetUrlStateOptions) => void,
  { page, settled, empty, lastPage }: { page: number; settled: boolean; empty: boolean; lastPage: number },
): void {
  const pastTheEnd = settled && empty && page > 1;
  // An estimated total can claim pages that do not exist: then (lastPage ≥ page) back to page 1.
  const target = lastPage >= 1 && lastPage < page ? lastPage : 1;
  useEffect(() => {
    if (pastTheEnd) setState({ page: target }, { replace: true });
  }, [pastTheEnd, target, setState]);
}

/**
 * The page size of the list on screen (`?size=`, one of PAGE_SIZES, else PAGE_SIZE) and its change,
 * for the pager of every list (components/ui/paged-table.tsx): the list's own URL state reads the
 * same parameter (LIST_VIEW_DEFAULTS) for its query. A new size starts again at page 1 (the page
 * and its cursor are dropped); the default size leaves the URL.
 */
export function useListPageSize(): [number, (size: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('size');
  const size = pageSizeOf(raw === null ? undefined : Number(raw));
  const setSize = useCallback(
    (next: number) => {
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        for (const key of ['page', 'after', 'before']) params.delete(key);
        if (isPageSize(next) && next !== pageSizeOf(undefined)) params.set('size', String(next));
        else params.delete('size');
        return params;
      });
    },
    [setSearchParams],
  );
  return [size, setSize];
}
