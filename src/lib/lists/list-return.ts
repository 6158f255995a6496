// "Quay lại danh sách" goes back to the list as the admin left it: the admin shell remembers the
// query string (filters, sort, page: docs/decisions.md#lists-on-the-server) last seen on every admin path, and
// back links to a list add it. Kept for the browser tab (sessionStorage), so a reloaded detail
// page still returns to the same view.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const STORAGE_KEY = 'sdv-admin-list-search';

let remembered: Record<string, string> | undefined;

function load(): Record<string, string> {
  if (remembered) return remembered;
  remembered = {};
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      for (const [path, search] of Object.entries(stored)) if (typeof search === 'string') remembered[path] = search;
    }
  } catch {
    // Unreadable storage: start empty.
  }
  return remembered;
}

/** Records the query string shown at `pathname` ('' when the list has none). */
export function rememberListSearch(pathname: string, search: string): void {
  const map = load();
  if (map[pathname] === search) return;
  map[pathname] = search;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(map));
  } catch {
    // Storage full or refused: memory keeps it for this page's life.
  }
}

/** `listPath` with the query string it last had, e.g. '/admin/bookings?status=completed&page=2'. */
export function listReturnHref(listPath: string): string {
  if (listPath.includes('?')) return listPath;
  return `${listPath}${load()[listPath] ?? ''}`;
}

/** Mounted once in the admin shell: remembers the query string of every path the admin visits. */
export function useRememberListSearch(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    rememberListSearch(pathname, search);
  }, [pathname, search]);
}
