// Registry of the admin screens (everything under /admin, spec 01 §2). Each entry is loaded lazily,
// so the public site never downloads admin code.
//
// SCREEN HELPERS: add ONE line per route below, pointing at your screen module (it must
// `export default` the page component). `path` is relative to /admin; '' is the dashboard (/admin).
// Params use react-router syntax, e.g. 'bookings/:bookingId'. Pages set their own title (PageHeader
// does it). Unknown paths show the shell's not-found page; nothing else needs registering.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AdminRoute {
  /** Path under /admin ('' = index). */
  path: string;
  Component: LazyExoticComponent<ComponentType>;
}

export const adminRoutes: readonly AdminRoute[] = [
  { path: 'change-password', Component: lazy(() => import('../features/auth/routes/change-password-page.tsx')) },
  // ↓ screen routes (one line each), e.g.
  // { path: 'bookings', Component: lazy(() => import('../features/bookings/routes/bookings-list-page.tsx')) },
];
