// The admin screens (everything under /admin, docs/decisions.md#admin-routes-under-admin) as React
// Router route objects (docs/architecture.md#routes-and-loaders). Each screen has two lazily loaded
// halves, fetched in parallel when a navigation matches it: the page component (its module
// `export default`s it) and, for screens that read data, a loader module whose `load` puts the
// screen's first queries in the React Query cache. Unknown paths show the shell's not-found page.
import type { ComponentType } from 'react';
import type { RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import type { ScreenLoader } from '@/lib/query/screen-loader.ts';

type PageModule = () => Promise<{ default: ComponentType }>;
type LoaderModule = () => Promise<{ load: ScreenLoader }>;

/**
 * A change of the query string on the same screen (a filter, the sort, another page) is the
 * screen's own business: its queries show the previous rows dimmed until the new ones arrive, and
 * the address changes at once. Only a navigation to another screen waits for the loader.
 */
const otherScreenOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

function screen(page: PageModule, data?: LoaderModule): Pick<RouteObject, 'lazy' | 'shouldRevalidate'> {
  return {
    lazy: {
      Component: async () => (await page()).default,
      loader: async () => {
        const [{ adminLoader }, screenData] = await Promise.all([import('./admin-loader.ts'), data?.()]);
        return adminLoader(screenData?.load);
      },
    },
    shouldRevalidate: otherScreenOnly,
  };
}

export const adminRoutes: RouteObject[] = [
  {
    index: true,
    ...screen(
      () => import('@/features/dashboard/routes/dashboard-page.tsx'),
      () => import('@/features/dashboard/routes/dashboard-loader.ts'),
    ),
  },
  { path: 'change-password', ...screen(() => import('@/features/auth/routes/change-password-page.tsx')) },
  {
    path: 'bookings',
    ...screen(
      () => import('@/features/bookings/routes/bookings-list-page.tsx'),
      () => import('@/features/bookings/routes/bookings-list-loader.ts'),
    ),
  },
  {
    path: 'bookings/:bookingId',
    ...screen(
      () => import('@/features/bookings/routes/booking-detail-page.tsx'),
      () => import('@/features/bookings/routes/booking-detail-loader.ts'),
    ),
  },
  {
    path: 'providers',
    ...screen(
      () => import('@/features/providers/routes/providers-list-page.tsx'),
      () => import('@/features/providers/routes/providers-list-loader.ts'),
    ),
  },
  {
    path: 'providers/:providerId',
    ...screen(
      () => import('@/features/providers/routes/provider-detail-page.tsx'),
      () => import('@/features/providers/routes/provider-detail-loader.ts'),
    ),
  },
  {
    path: 'customers',
    ...screen(
      () => import('@/features/customers/routes/customers-list-page.tsx'),
      () => import('@/features/customers/routes/customers-list-loader.ts'),
    ),
  },
  {
    path: 'customers/:customerId',
    ...screen(
      () => import('@/features/customers/routes/customer-detail-page.tsx'),
      () => import('@/features/customers/routes/customer-detail-loader.ts'),
    ),
  },
  {
    path: 'manage-services',
    ...screen(
      () => import('@/features/catalogue/routes/professions-page.tsx'),
      () => import('@/features/catalogue/routes/professions-loader.ts'),
    ),
  },
  {
    path: 'manage-subcategories',
    ...screen(
      () => import('@/features/catalogue/routes/services-page.tsx'),
      () => import('@/features/catalogue/routes/services-loader.ts'),
    ),
  },
  {
    path: 'manage-service-items',
    ...screen(
      () => import('@/features/catalogue/routes/packages-page.tsx'),
      () => import('@/features/catalogue/routes/packages-loader.ts'),
    ),
  },
  {
    path: 'manage-commissions',
    ...screen(
      () => import('@/features/commissions/routes/commissions-page.tsx'),
      () => import('@/features/commissions/routes/commissions-loader.ts'),
    ),
  },
  {
    path: 'manage-deposit-history',
    ...screen(
      () => import('@/features/deposits/routes/deposits-page.tsx'),
      () => import('@/features/deposits/routes/deposits-loader.ts'),
    ),
  },
  {
    path: 'manage-discount-codes',
    ...screen(
      () => import('@/features/promotions/routes/promotions-page.tsx'),
      () => import('@/features/promotions/routes/promotions-loader.ts'),
    ),
  },
  { path: 'manage-discount-codes/:discountId', ...screen(() => import('@/features/promotions/routes/promotion-detail-page.tsx')) },
  {
    path: 'manage-conversations',
    ...screen(
      () => import('@/features/conversations/routes/conversations-page.tsx'),
      () => import('@/features/conversations/routes/conversations-loader.ts'),
    ),
  },
  { path: 'messages/:bookingId', ...screen(() => import('@/features/conversations/routes/messages-page.tsx')) },
  {
    path: 'manage-reviews',
    ...screen(
      () => import('@/features/reviews/routes/reviews-page.tsx'),
      () => import('@/features/reviews/routes/reviews-loader.ts'),
    ),
  },
  { path: 'settings', ...screen(() => import('@/features/settings/routes/settings-page.tsx')) },
  { path: 'two-factor', ...screen(() => import('@/features/auth/routes/two-factor-page.tsx')) },
  {
    path: 'audit-log',
    ...screen(
      () => import('@/features/audit-log/routes/audit-log-page.tsx'),
      () => import('@/features/audit-log/routes/audit-log-loader.ts'),
    ),
  },
  { path: '*', lazy: { Component: async () => (await import('./admin-not-found-page.tsx')).default } },
];
