// Side navigation of the admin shell: every screen of docs/screens.md#sign-in-and-admin-shell, in the order of docs/screens.md.
import { auth } from '@/lib/messages/auth.ts';

export interface AdminNavEntry {
  to: string;
  label: string;
  /** Highlight only on the exact path (the dashboard). */
  end?: boolean;
}

const nav = auth.shell.nav;

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { to: '/admin', label: nav.dashboard, end: true },
  { to: '/admin/bookings', label: nav.bookings },
  { to: '/admin/providers', label: nav.providers },
  { to: '/admin/customers', label: nav.customers },
  { to: '/admin/manage-commissions', label: nav.commissions },
  { to: '/admin/manage-deposit-history', label: nav.deposits },
  { to: '/admin/manage-conversations', label: nav.conversations },
  { to: '/admin/manage-reviews', label: nav.reviews },
  { to: '/admin/manage-discount-codes', label: nav.discountCodes },
  { to: '/admin/manage-service-items', label: nav.serviceItems },
  { to: '/admin/manage-subcategories', label: nav.subcategories },
  { to: '/admin/manage-services', label: nav.professions },
  { to: '/admin/settings', label: nav.settings },
  { to: '/admin/audit-log', label: nav.auditLog },
];
