// The 10 most recent bookings on the dashboard, each linking to its detail.
import { RecentBookings } from '@/components/domain/recent-bookings.tsx';
import { dashboard as t } from '@/lib/messages/dashboard.ts';
import { useRecentBookings } from '@/features/dashboard/api/recent-bookings-query.ts';

export function RecentBookingsTable() {
  const recent = useRecentBookings();
  return <RecentBookings title={t.recent.title} query={recent} emptyTitle={t.recent.empty} headingClassName="text-lg" />;
}
