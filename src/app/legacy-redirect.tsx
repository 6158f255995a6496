// docs/decisions.md#admin-routes-under-admin: the unprefixed admin paths of old bookmarks (/bookings/{id}, /customers/{id},
// /manage-discount-codes, /messages/{id}, …) redirect to their /admin equivalents.
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';

/** First path segments that exist under /admin. */
export const LEGACY_ADMIN_SEGMENTS: readonly string[] = [
  'bookings',
  'providers',
  'customers',
  'manage-services',
  'manage-subcategories',
  'manage-service-items',
  'manage-commissions',
  'manage-deposit-history',
  'manage-discount-codes',
  'manage-conversations',
  'messages',
  'manage-reviews',
  'change-password',
  'settings',
];

/** '/bookings/abc?x=1' → '/admin/bookings/abc?x=1'. */
export function legacyAdminTarget(pathname: string, search = '', hash = ''): string {
  return `/admin${pathname}${search}${hash}`;
}

function LegacyRedirect() {
  const location = useLocation();
  return <Navigate to={legacyAdminTarget(location.pathname, location.search, location.hash)} replace />;
}

export const legacyRedirectRoutes: RouteObject[] = LEGACY_ADMIN_SEGMENTS.map((segment) => ({
  path: `/${segment}/*`,
  element: <LegacyRedirect />,
}));
