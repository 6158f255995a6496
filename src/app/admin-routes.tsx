// Registry of the admin screens (everything under /admin, docs/decisions.md#admin-routes-under-admin). Each entry is loaded lazily,
// so the public site never downloads admin code.
// One line per screen: `path` relative to /admin ('' is the dashboard), react-router params
// ('bookings/:bookingId'), the module `export default`s the page, which sets its own title
// (PageHeader). Unknown paths show the shell's not-found page; nothing else needs registering.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AdminRoute {
  /** Path under /admin ('' = index). */
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: readonly AdminRoute[] = [
  { path: 'change-password', Component: lazy(() => import('@/features/auth/routes/change-password-page.tsx')) },
  { path: '', Component: lazy(() => import('@/features/dashboard/routes/dashboard-page.tsx')) },
  { path: 'bookings', Component: lazy(() => import('@/features/bookings/routes/bookings-list-page.tsx')) },
  { path: 'bookings/:bookingId', Component: lazy(() => import('@/features/bookings/routes/booking-detail-page.tsx')) },
  { path: 'providers', Component: lazy(() => import('@/features/providers/routes/providers-list-page.tsx')) },
  { path: 'providers/:providerId', Component: lazy(() => import('@/features/providers/routes/provider-detail-page.tsx')) },
  { path: 'customers', Component: lazy(() => import('@/features/customers/routes/customers-list-page.tsx')) },
  { path: 'customers/:customerId', Component: lazy(() => import('@/features/customers/routes/customer-detail-page.tsx')) },
  { path: 'manage-services', Component: lazy(() => import('@/features/catalogue/routes/professions-page.tsx')) },
  { path: 'manage-subcategories', Component: lazy(() => import('@/features/catalogue/routes/services-page.tsx')) },
  { path: 'manage-service-items', Component: lazy(() => import('@/features/catalogue/routes/packages-page.tsx')) },
  { path: 'manage-commissions', Component: lazy(() => import('@/features/commissions/routes/commissions-page.tsx')) },
  { path: 'manage-deposit-history', Component: lazy(() => import('@/features/deposits/routes/deposits-page.tsx')) },
  { path: 'manage-discount-codes', Component: lazy(() => import('@/features/promotions/routes/promotions-page.tsx')) },
  { path: 'manage-discount-codes/:discountId', Component: lazy(() => import('@/features/promotions/routes/promotion-detail-page.tsx')) },
  { path: 'manage-conversations', Component: lazy(() => import('@/features/conversations/routes/conversations-page.tsx')) },
  { path: 'messages/:bookingId', Component: lazy(() => import('@/features/conversations/routes/messages-page.tsx')) },
  { path: 'manage-reviews', Component: lazy(() => import('@/features/reviews/routes/reviews-page.tsx')) },
  { path: 'settings', Component: lazy(() => import('@/features/settings/routes/settings-page.tsx')) },
  { path: 'two-factor', Component: lazy(() => import('@/features/auth/routes/two-factor-page.tsx')) },
  { path: 'audit-log', Component: lazy(() => import('@/features/audit-log/routes/audit-log-page.tsx')) },
];
