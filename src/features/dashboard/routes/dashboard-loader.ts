// The dashboard's data, asked for beside its chunk (src/app/admin-routes.tsx).
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { dashboardSummaryQueryOptions } from '@/features/dashboard/api/dashboard-summary-query.ts';
import { recentBookingsQueryOptions } from '@/features/dashboard/api/recent-bookings-query.ts';

export const load: ScreenLoader = ({ queryClient }) =>
  Promise.allSettled([queryClient.ensureQueryData(once(dashboardSummaryQueryOptions())), queryClient.ensureQueryData(once(recentBookingsQueryOptions()))]);
