// Registry of the admin screens (everything under /admin, docs/decisions.md#admin-routes-under-admin). Each entry is loaded lazily,
// so the public site never downloads admin code; the router asks for a screen's chunk in parallel
// with the admin root's chunk and the screen's data (docs/architecture.md#admin-loading).
// One line per screen: `path` relative to /admin ('' is the dashboard), route params (src/lib/router.tsx)
// ('bookings/:bookingId'), `load` imports the module, which `export default`s the page and sets
// its own title (PageHeader). Unknown paths show the shell's not-found page; nothing else needs registering.
import type { ComponentType } from 'react';

export interface AdminRoute {
  /** Path under /admin ('' = index). */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const adminRoutes: readonly AdminRoute[] = [
  { path: 'change-password', load: () => import('@/features/auth/routes/change-password-page.tsx') },
  { path: '', load: () => import('@/features/dashboard/routes/dashboard-page.tsx') },
  { path: 'bookings', load: () => import('@/features/bookings/routes/bookings-list-page.tsx') },
  { path: 'bookings/:bookingId', load: () => import('@/features/bookings/routes/booking-detail-page.tsx') },
  { path: 'providers', load: () => import('@/features/providers/routes/providers-list-page.tsx') },
  { path: 'providers/:providerId', load: () => import('@/features/providers/routes/provider-detail-page.tsx') },
  { path: 'customers', load: () => import('@/features/customers/routes/customers-list-page.tsx') },
  { path: 'customers/:customerId', load: () => import('@/features/customers/routes/customer-detail-page.tsx') },
  { path: 'manage-services', load: () => import('@/features/catalogue/routes/professions-page.tsx') },
  { path: 'manage-subcategories', load: () => import('@/features/catalogue/routes/services-page.tsx') },
  { path: 'manage-service-items', load: () => import('@/features/catalogue/routes/packages-page.tsx') },
  { path: 'manage-commissions', load: () => import('@/features/commissions/routes/commissions-page.tsx') },
  { path: 'manage-deposit-history', load: () => import('@/features/deposits/routes/deposits-page.tsx') },
  { path: 'manage-discount-codes', load: () => import('@/features/promotions/routes/promotions-page.tsx') },
  { path: 'manage-discount-codes/:discountId', load: () => import('@/features/promotions/routes/promotion-detail-page.tsx') },
  { path: 'manage-conversations', load: () => import('@/features/conversations/routes/conversations-page.tsx') },
  { path: 'messages/:bookingId', load: () => import('@/features/conversations/routes/messages-page.tsx') },
  { path: 'manage-reviews', load: () => import('@/features/reviews/routes/reviews-page.tsx') },
  { path: 'settings', load: () => import('@/features/settings/routes/settings-page.tsx') },
  { path: 'two-factor', load: () => import('@/features/auth/routes/two-factor-page.tsx') },
  { path: 'audit-log', load: () => import('@/features/audit-log/routes/audit-log-page.tsx') },
];
