// The URL state of the customers and providers lists (docs/screens.md#customers,
// docs/screens.md#providers): name-or-e-mail search, status, sort and position, newest first by
// default; its arguments of admin_list_customers / admin_list_providers; and what both answer of a
// person. Each list names its own statuses, sortable columns and figures.
import { z } from 'zod/mini';
import { LIST_VIEW_DEFAULTS } from './paging.ts';
import { textArg } from './search.ts';
import { sortValues } from './sort.ts';

export interface ProfilesListFilters {
  [key: string]: string | number;
  q: string;
  status: string;
  sort: string;
  page: number;
  after: string;
  before: string;
  size: number;
}

export const PROFILES_LIST_DEFAULTS: ProfilesListFilters = { q: '', status: '', ...LIST_VIEW_DEFAULTS };
export const PROFILES_LIST_DEFAULT_SORT = 'created_at.desc';

/** What the URL of a list may hold: one of `statuses` ('' for all) and a sort by one of `sortKeys`. */
export function profilesListAllowed(statuses: readonly string[], sortKeys: readonly string[]) {
  return { status: ['', ...statuses], sort: sortValues(sortKeys) };
}

/** Name-or-email search and status; a status not in `statuses` is no filter. */
export function toProfilesListArgs(filters: ProfilesListFilters, statuses: readonly string[]): { p_search?: string; p_status?: string } {
  return { ...textArg('p_search', filters.q), ...(statuses.includes(filters.status) ? { p_status: filters.status } : {}) };
}

/** The fields of a row of either list: the person; each list's row schema adds its own figures. */
export const PROFILES_LIST_ROW_SHAPE = {
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: z.string(),
  created_at: z.string(),
};

export type ProfilesListRow = { [K in keyof typeof PROFILES_LIST_ROW_SHAPE]: z.infer<(typeof PROFILES_LIST_ROW_SHAPE)[K]> };
