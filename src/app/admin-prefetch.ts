// Starts the data requests of an admin address before its screen renders
// (docs/architecture.md#admin-loading): called by the /admin route's loader (in parallel with the
// route's chunk, on a full load and on every navigation) and when the pointer rests on a link to
// another admin address. Only for a stored admin session (a signed-out visitor's requests would
// only be refused). Best effort: a screen always asks for its own data, and React Query answers it
// from this request when the keys match; after a list page, the next page is asked for too.
import { LIST_VIEW_DEFAULTS, listView } from '@/lib/paging.ts';
import { matchPath } from 'react-router-dom';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { parseUrlState } from '@/lib/url-state.ts';
import { supabase } from '@/lib/supabase.ts';
import { isAdminSession } from '@/features/auth/components/auth-context.ts';
import { BOOKING_LIST_ALLOWED, BOOKING_LIST_DEFAULTS } from '@/features/bookings/api/booking-filters.ts';
import { bookingsQueryOptions } from '@/features/bookings/api/bookings-query.ts';
import { bookingQueryOptions } from '@/features/bookings/api/booking-query.ts';
import { bookingHistoryQueryOptions } from '@/features/bookings/api/booking-history-query.ts';
import { PROFILES_LIST_DEFAULTS } from '@/lib/profiles-list-filters.ts';
import { PROVIDER_LIST_ALLOWED } from '@/features/providers/api/provider-filters.ts';
import { providersQueryOptions } from '@/features/providers/api/providers-query.ts';
import { providerQueryOptions } from '@/features/providers/api/provider-query.ts';
import { providerStatsQueryOptions } from '@/features/providers/api/provider-stats-query.ts';
import { CUSTOMER_LIST_ALLOWED } from '@/features/customers/api/customer-filters.ts';
import { customersQueryOptions } from '@/features/customers/api/customers-query.ts';
import { customerQueryOptions } from '@/features/customers/api/customer-query.ts';
import { customerStatsQueryOptions } from '@/features/customers/api/customer-stats-query.ts';
import { dashboardSummaryQueryOptions } from '@/features/dashboard/api/dashboard-summary-query.ts';
import { recentBookingsQueryOptions } from '@/features/dashboard/api/recent-bookings-query.ts';
import { commissionStatsQueryOptions } from '@/features/commissions/api/commission-stats-query.ts';
import { commissionsQueryOptions } from '@/features/commissions/api/commissions-query.ts';
import { depositStatsQueryOptions } from '@/features/deposits/api/deposit-stats-query.ts';
import { depositsQueryOptions } from '@/features/deposits/api/deposits-query.ts';
import { reviewsQueryOptions } from '@/features/reviews/api/reviews-query.ts';
import { conversationsQueryOptions } from '@/features/conversations/api/conversations-query.ts';
import { promotionsQueryOptions } from '@/features/promotions/api/promotions-query.ts';
import { promotionStatsQueryOptions } from '@/features/promotions/api/promotion-stats-query.ts';
import { professionsQueryOptions } from '@/features/catalogue/api/professions-query.ts';
import { servicesQueryOptions } from '@/features/catalogue/api/services-query.ts';
import { packagesQueryOptions } from '@/features/catalogue/api/packages-query.ts';
import { adminQueryClient } from './admin-query-client.ts';

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

function plan(pathname: string, params: URLSearchParams): Plan | null {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  const id = (pattern: string): string | null => matchPath(pattern, path)?.params.id ?? null;
  const bare = [...params.keys()].length === 0;
  if (path === '/admin') return { now: [query(dashboardSummaryQueryOptions()), query(recentBookingsQueryOptions())] };
  if (path === '/admin/bookings') {
    const filters = parseUrlState(params, BOOKING_LIST_DEFAULTS, { allowed: BOOKING_LIST_ALLOWED });
    return { now: [query(bookingsQueryOptions(filters))], later: [query(bookingsQueryOptions({ ...filters, page: filters.page + 1 }))] };
  }
  if (path === '/admin/providers') {
    const filters = parseUrlState(params, PROFILES_LIST_DEFAULTS, { allowed: PROVIDER_LIST_ALLOWED });
    return { now: [query(providersQueryOptions(filters))], later: [query(providersQueryOptions({ ...filters, page: filters.page + 1 }))] };
  }
  if (path === '/admin/customers') {
    const filters = parseUrlState(params, PROFILES_LIST_DEFAULTS, { allowed: CUSTOMER_LIST_ALLOWED });
    return { now: [query(customersQueryOptions(filters))], later: [query(customersQueryOptions({ ...filters, page: filters.page + 1 }))] };
  }
  if (path === '/admin/manage-commissions' && bare) {
    const filters = { ...NO_FINANCE_FILTERS, serviceId: '' };
    return { now: [query(commissionStatsQueryOptions(filters)), query(commissionsQueryOptions(filters, FIRST_PAGE))], later: [query(commissionsQueryOptions(filters, SECOND_PAGE))] };
  }
  if (path === '/admin/manage-deposit-history' && bare) {
    const filters = { ...NO_FINANCE_FILTERS, status: '' };
    return { now: [query(depositStatsQueryOptions(filters)), query(depositsQueryOptions(filters, FIRST_PAGE))], later: [query(depositsQueryOptions(filters, SECOND_PAGE))] };
  }
  // The other lists without filters in the URL: their first page in the default order (and the
  // catalogue screens' whole list, unsearched).
  if (bare && path === '/admin/manage-reviews') {
    const filters = { search: '', rating: '', status: '' };
    return { now: [query(reviewsQueryOptions(filters, FIRST_PAGE))], later: [query(reviewsQueryOptions(filters, SECOND_PAGE))] };
  }
  if (bare && path === '/admin/manage-conversations') {
    const filters = { provider: '', customer: '', status: '', time: 'all' };
    return { now: [query(conversationsQueryOptions(filters, FIRST_PAGE))], later: [query(conversationsQueryOptions(filters, SECOND_PAGE))] };
  }
  if (bare && path === '/admin/manage-discount-codes') {
    const filters = { search: '', type: '', status: '' };
    return { now: [query(promotionStatsQueryOptions()), query(promotionsQueryOptions(filters, FIRST_PAGE))] };
  }
  if (bare && path === '/admin/manage-services') return { now: [query(professionsQueryOptions(''))] };
  if (bare && path === '/admin/manage-subcategories') return { now: [query(servicesQueryOptions(''))] };
  if (bare && path === '/admin/manage-service-items') return { now: [query(packagesQueryOptions(''))] };
  const booking = id('/admin/bookings/:id');
  if (booking) return { now: [query(bookingQueryOptions(booking)), query(bookingHistoryQueryOptions(booking))] };
  const provider = id('/admin/providers/:id');
  if (provider) return { now: [query(providerQueryOptions(provider)), query(providerStatsQueryOptions(provider))] };
  const customer = id('/admin/customers/:id');
  if (customer) return { now: [query(customerQueryOptions(customer)), query(customerStatsQueryOptions(customer))] };
  return null;
}

/** Prefetches the data of an admin URL (pathname + search) for a stored admin session. */
export async function prefetchAdminUrl(url: URL): Promise<void> {
  const planned = plan(url.pathname, url.searchParams);
  if (!planned) return;
  const { data } = await supabase.auth.getSession();
  if (!isAdminSession(data.session)) return;
  await Promise.all(planned.now.map((task) => task()));
  await Promise.all((planned.later ?? []).map((task) => task()));
}
