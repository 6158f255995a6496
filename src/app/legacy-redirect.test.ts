import { describe, expect, it } from 'vitest';
import { LEGACY_ADMIN_SEGMENTS, legacyAdminTarget, legacyRedirectRoutes } from './legacy-redirect.tsx';
import { ADMIN_NAV } from './admin-nav.ts';

describe('legacy unprefixed admin paths (docs/decisions.md#admin-routes-under-admin)', () => {
  it('map to /admin keeping the rest of the URL', () => {
    expect(legacyAdminTarget('/bookings/abc', '?x=1', '#h')).toBe('/admin/bookings/abc?x=1#h');
    expect(legacyAdminTarget('/manage-discount-codes')).toBe('/admin/manage-discount-codes');
  });
  it('every side-navigation section that existed before /admin has a legacy redirect', () => {
    // The audit log was born under /admin: no old unprefixed link can point at it.
    const sections = ADMIN_NAV.map((entry) => entry.to.split('/')[2])
      .filter((segment): segment is string => Boolean(segment) && segment !== 'audit-log');
    for (const section of sections) expect(LEGACY_ADMIN_SEGMENTS).toContain(section);
    expect(legacyRedirectRoutes.map((route) => route.path)).toContain('/messages/*');
  });
  it('the navigation has the 14 admin screens in the order of docs/screens.md', () => {
    expect(ADMIN_NAV.map((entry) => entry.to)).toEqual([
      '/admin',
      '/admin/bookings',
      '/admin/providers',
      '/admin/customers',
      '/admin/manage-commissions',
      '/admin/manage-deposit-history',
      '/admin/manage-conversations',
      '/admin/manage-reviews',
      '/admin/manage-discount-codes',
      '/admin/manage-service-items',
      '/admin/manage-subcategories',
      '/admin/manage-services',
      '/admin/settings',
      '/admin/audit-log',
    ]);
  });
});
