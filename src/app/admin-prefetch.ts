// Starts the data requests of an admin address before its screen renders
// (docs/architecture.md#admin-loading): called by the /admin route's loader (in parallel with the
// route's chunk, on a full load and on every navigation) and when the pointer rests on a link to
// another admin address. Only for a stored admin session (a signed-out visitor's requests would
// only be refused). Best effort: a screen always asks for its own data, and React Query answers it
// from this request when the keys match; after a list page, the next page is asked for too.
import { matchPath } from '@/lib/router.tsx';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { LIST_VIEW_DEFAULTS, listView } from '@/lib/paging.ts';
import { adminQueryClient } from './admin-query-client.ts';

// Each screen's query modules are imported by its own branch below: this module's chunk stays a
// few hundred bytes, and the data request of the screen being opened leaves as soon as that
// screen's few query modules have arrived (not after every other screen's).

/** The finance lists' first two pages in their default order, as their screens ask for them without filters. */
const FIRST_PAGE = listView(LIST_VIEW_DEFAULTS);
const SECOND_PAGE = listView({ ...LIST_VIEW_DEFAULTS, page: 2 });

type Task = () => Promise<void>;
/** A query to put in the cache (its own options, as the screen builds them). */
const query =
  <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Task =>
  () =>
    adminQueryClient.prefetchQuery(options);

interface Plan {
  now: Task[];
  /** Asked for once the first ones have answered (the next page of a list). */
  later?: Task[];
}

/** The finance screens keep their filters in the page; without any in the URL they are the defaults. */
const NO_FINANCE_FILTERS = { search: '', providerId: '', from: '', to: '' };

/** The plan of an admin address (its modules still to load), or null when it has none. */
function plan(pathname: string, params: URLSearchParams): (() => Promise<Plan>) | null {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  const id = (pattern: string): string | null => matchPath(pattern, path)?.params.id ?? null;
  const bare = [...params.keys()].length === 0;
  if (path === '/admin') {
    return async () => {
      const [{ dashboardSummaryQueryOptions }, { recentBookingsQueryOptions }] = await Promise.all([
        import('@/features/dashboard/api/dashboard-summary-query.ts'),
        import('@/features/dashboard/api/recent-bookings-query.ts'),
      ]);
      return { now: [query(dashboardSummaryQueryOptions()), query(recentBookingsQueryOptions())] };
    };
  }
  if (path === '/admin/bookings') {
    return async () => {
      const [{ parseUrlState }, { BOOKING_LIST_ALLOWED, BOOKING_LIST_DEFAULTS }, { bookingsQueryOptions }] = await Promise.all([
        import('@/lib/url-state.ts'),
        import('@/features/bookings/api/booking-filters.ts'),
        import('@/features/bookings/api/bookings-query.ts'),
      ]);
      const filters = parseUrlState(params, BOOKING_LIST_DEFAULTS, { allowed: BOOKING_LIST_ALLOWED });
      return { now: [query(bookingsQueryOptions(filters))], later: [query(bookingsQueryOptions({ ...filters, page: filters.page + 1 }))] };
    };
  }
  if (path === '/admin/providers') {
    return async () => {
      const [{ parseUrlState }, { PROFILES_LIST_DEFAULTS }, { PROVIDER_LIST_ALLOWED }, { providersQueryOptions }] = await Promise.all([
        import('@/lib/url-state.ts'),
        import('@/lib/profiles-list-filters.ts'),
        import('@/features/providers/api/provider-filters.ts'),
        import('@/features/providers/api/providers-query.ts'),
      ]);
      const filters = parseUrlState(params, PROFILES_LIST_DEFAULTS, { allowed: PROVIDER_LIST_ALLOWED });
      return { now: [query(providersQueryOptions(filters))], later: [query(providersQueryOptions({ ...filters, page: filters.page + 1 }))] };
    };
  }
  if (path === '/admin/customers') {
    return async () => {
      const [{ parseUrlState }, { PROFILES_LIST_DEFAULTS }, { CUSTOMER_LIST_ALLOWED }, { customersQueryOptions }] = await Promise.all([
        import('@/lib/url-state.ts'),
        import('@/lib/profiles-list-filters.ts'),
        import('@/features/customers/api/customer-filters.ts'),
        import('@/features/customers/api/customers-query.ts'),
      ]);
      const filters = parseUrlState(params, PROFILES_LIST_DEFAULTS, { allowed: CUSTOMER_LIST_ALLOWED });
      return { now: [query(customersQueryOptions(filters))], later: [query(customersQueryOptions({ ...filters, page: filters.page + 1 }))] };
    };
  }
  if (path === '/admin/manage-commissions' && bare) {
    return async () => {
      const [{ commissionStatsQueryOptions }, { commissionsQueryOptions }] = await Promise.all([
        import('@/features/commissions/api/commission-stats-query.ts'),
        import('@/features/commissions/api/commissions-query.ts'),
      ]);
      const filters = { ...NO_FINANCE_FILTERS, serviceId: '' };
      return {
        now: [query(commissionStatsQueryOptions(filters)), query(commissionsQueryOptions(filters, FIRST_PAGE))],
        later: [query(commissionsQueryOptions(filters, SECOND_PAGE))],
      };
    };
  }
  if (path === '/admin/manage-deposit-history' && bare) {
    return async () => {
      const [{ depositStatsQueryOptions }, { depositsQueryOptions }] = await Promise.all([
        import('@/features/deposits/api/deposit-stats-query.ts'),
        import('@/features/deposits/api/deposits-query.ts'),
      ]);
      const filters = { ...NO_FINANCE_FILTERS, status: '' };
      return {
        now: [query(depositStatsQueryOptions(filters)), query(depositsQueryOptions(filters, FIRST_PAGE))],
        later: [query(depositsQueryOptions(filters, SECOND_PAGE))],
      };
    };
  }
  // The other lists without filters in the URL: their first page in the default order (and the
  // catalogue screens' whole list, unsearched).
  if (bare && path === '/admin/manage-reviews') {
    return async () => {
      const { reviewsQueryOptions } = await import('@/features/reviews/api/reviews-query.ts');
      const filters = { search: '', rating: '', status: '' };
      return { now: [query(reviewsQueryOptions(filters, FIRST_PAGE))], later: [query(reviewsQueryOptions(filters, SECOND_PAGE))] };
    };
  }
  if (bare && path === '/admin/manage-conversations') {
    return async () => {
      const { conversationsQueryOptions } = await import('@/features/conversations/api/conversations-query.ts');
      const filters = { provider: '', customer: '', status: '', time: 'all' };
      return { now: [query(conversationsQueryOptions(filters, FIRST_PAGE))], later: [query(conversationsQueryOptions(filters, SECOND_PAGE))] };
    };
  }
  if (bare && path === '/admin/manage-discount-codes') {
    return async () => {
      const [{ promotionStatsQueryOptions }, { promotionsQueryOptions }] = await Promise.all([
        import('@/features/promotions/api/promotion-stats-query.ts'),
        import('@/features/promotions/api/promotions-query.ts'),
      ]);
      return { now: [query(promotionStatsQueryOptions()), query(promotionsQueryOptions({ search: '', type: '', status: '' }, FIRST_PAGE))] };
    };
  }
  if (bare && path === '/admin/manage-services') {
    return async () => ({ now: [query((await import('@/features/catalogue/api/professions-query.ts')).professionsQueryOptions(''))] });
  }
  if (bare && path === '/admin/manage-subcategories') {
    return async () => ({ now: [query((await import('@/features/catalogue/api/services-query.ts')).servicesQueryOptions(''))] });
  }
  if (bare && path === '/admin/manage-service-items') {
    return async () => ({ now: [query((await import('@/features/catalogue/api/packages-query.ts')).packagesQueryOptions(''))] });
  }
  const booking = id('/admin/bookings/:id');
  if (booking) {
    return async () => {
      const [{ bookingQueryOptions }, { bookingHistoryQueryOptions }] = await Promise.all([
        import('@/features/bookings/api/booking-query.ts'),
        import('@/features/bookings/api/booking-history-query.ts'),
      ]);
      return { now: [query(bookingQueryOptions(booking)), query(bookingHistoryQueryOptions(booking))] };
    };
  }
  const provider = id('/admin/providers/:id');
  if (provider) {
    return async () => {
      const [{ providerQueryOptions }, { providerStatsQueryOptions }] = await Promise.all([
        import('@/features/providers/api/provider-query.ts'),
        import('@/features/providers/api/provider-stats-query.ts'),
      ]);
      return { now: [query(providerQueryOptions(provider)), query(providerStatsQueryOptions(provider))] };
    };
  }
  const customer = id('/admin/customers/:id');
  if (customer) {
    return async () => {
      const [{ customerQueryOptions }, { customerStatsQueryOptions }] = await Promise.all([
        import('@/features/customers/api/customer-query.ts'),
        import('@/features/customers/api/customer-stats-query.ts'),
      ]);
      return { now: [query(customerQueryOptions(customer)), query(customerStatsQueryOptions(customer))] };
    };
  }
  return null;
}

/** The longest a list's next page waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 1000;
/** Where the browser has no requestIdleCallback (Safari), the next page's delay. */
const NO_IDLE_DELAY_MS = 300;

/**
 * Settles once the browser is idle after the first answers, i.e. once the screen has rendered them
 * (at the latest after IDLE_TIMEOUT_MS): the next page's answer is parsed on the main thread, and
 * it must not come in between the first answers and their rows.
 */
function afterRender(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, NO_IDLE_DELAY_MS);
  });
}

/** The requests of an address, once they have left. */
export interface Prefetched {
  /** Settles when the screen's first requests have answered (or failed: the screen asks again). */
  answered: Promise<void>;
}

/**
 * Starts the data requests of an admin URL (pathname + search) for a stored admin session, with
 * the second-factor setting the back office's gate reads before it shows the screen
 * (features/auth/components/mfa-gate.tsx): asked for with the data, not after it. Resolves once
 * the requests are on their way (the /admin route's loader waits for that, so the requests leave
 * before React renders the shell; on a full load it waits for `answered`, up to a bound); a list's
 * next page is asked for once its page has answered and been rendered (afterRender).
 */
export async function prefetchAdminUrl(url: URL): Promise<Prefetched | undefined> {
  const load = plan(url.pathname, url.searchParams);
  if (!load) return undefined;
  const [planned, { supabase }, { isAdminSession }, { adminMfaRequirementQueryOptions }] = await Promise.all([
    load(),
    import('@/lib/supabase.ts'),
    import('@/features/auth/components/auth-context.ts'),
    import('@/features/auth/api/admin-mfa-requirement-query.ts'),
  ]);
  if (!isAdminSession(await supabase.session())) return undefined;
  const first = Promise.all([...planned.now, query(adminMfaRequirementQueryOptions())].map((task) => task()));
  void first
    .then(afterRender)
    .then(() => Promise.all((planned.later ?? []).map((task) => task())))
    .catch(() => undefined);
  return { answered: first.then(() => undefined, () => undefined) };
}
