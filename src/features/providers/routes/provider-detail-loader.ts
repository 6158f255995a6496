// A provider's profile and figures.
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { providerQueryOptions } from '@/features/providers/api/provider-query.ts';
import { providerStatsQueryOptions } from '@/features/providers/api/provider-stats-query.ts';

export const load: ScreenLoader = ({ queryClient, params }) => {
  const id = params.providerId ?? '';
  return Promise.allSettled([queryClient.ensureQueryData(once(providerQueryOptions(id))), queryClient.ensureQueryData(once(providerStatsQueryOptions(id)))]);
};
