// The filters the finance lists share (commissions, deposit history): free-text search, one
// provider and a period of Vietnam calendar days, and their translation into the arguments their
// database functions take (docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time): "from" is
// the first instant of that day, "to" the first instant of the day after (the end day inclusive).
// A side that is not a day that exists (?from=2026-02-31 in the URL) is left out, never rolled over
// into the next month, and the date filter names it (invalidPeriodDays).
import { isIsoDay, vietnamDayBoundary } from '@/lib/format/format.ts';
import { isUuid, textArg } from './search.ts';

/**
 * A period of Vietnam calendar days (yyyy-mm-dd or '') as the list functions' arguments: `p_from` the
 * first instant of the first day, `p_to` the first instant of the day after the last (the end day
 * inclusive); a side that is not a day is left out. Also the audit log's period.
 */
export function vietnamPeriodArgs(from: string, to: string): { p_from?: string; p_to?: string } {
  const args: { p_from?: string; p_to?: string } = {};
  const start = vietnamDayBoundary(from);
  const end = vietnamDayBoundary(to, true);
  if (start !== null) args.p_from = start.toISOString();
  if (end !== null) args.p_to = end.toISOString();
  return args;
}

/** The sides of a period that are set but are not yyyy-mm-dd days that exist ("2026-02-31", "2026-13-01"): the query leaves them out. */
export function invalidPeriodDays(from: string, to: string): string[] {
  return [from, to].filter((day) => day !== '' && !isIsoDay(day));
}

/** True when both sides are days that exist and the first comes after the last (a period given backwards). */
export function reversedPeriod(from: string, to: string): boolean {
  return isIsoDay(from) && isIsoDay(to) && from > to;
}

export interface ProviderPeriodFilters {
  search: string;
  providerId: string;
  /** yyyy-mm-dd or ''. */
  from: string;
  to: string;
}

export interface ProviderPeriodArgs {
  p_search?: string;
  p_provider_id?: string;
  p_from?: string;
  p_to?: string;
}

/**
 * Only what is set and well-formed becomes an argument (a mangled provider id in the URL is ignored).
 * A period given backwards is refused: the lists are not filtered by it (instead of showing 0 rows
 * and 0 ₫), and the date filter says why (components/ui/filter-bar.tsx).
 */
export function toProviderPeriodArgs(filters: ProviderPeriodFilters): ProviderPeriodArgs {
  return {
    ...textArg('p_search', filters.search),
    ...(isUuid(filters.providerId) ? { p_provider_id: filters.providerId } : {}),
    ...(reversedPeriod(filters.from, filters.to) ? {} : vietnamPeriodArgs(filters.from, filters.to)),
  };
}
