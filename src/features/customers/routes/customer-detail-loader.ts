// A customer's profile and figures.
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { customerQueryOptions } from '@/features/customers/api/customer-query.ts';
import { customerStatsQueryOptions } from '@/features/customers/api/customer-stats-query.ts';

export const load: ScreenLoader = ({ queryClient, params }) => {
  const id = params.customerId ?? '';
  return Promise.allSettled([queryClient.ensureQueryData(once(customerQueryOptions(id))), queryClient.ensureQueryData(once(customerStatsQueryOptions(id)))]);
};
