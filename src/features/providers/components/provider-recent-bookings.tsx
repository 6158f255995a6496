// The 10 most recent bookings of a provider, each linking to its detail.
import { RecentBookings } from '@/components/domain/recent-bookings.tsx';
import { providers as t } from '@/lib/messages/providers.ts';
import { useProviderRecentBookings } from '@/features/providers/api/provider-recent-bookings-query.ts';

export function ProviderRecentBookings({ providerId }: { providerId: string }) {
  const recent = useProviderRecentBookings(providerId);
  return <RecentBookings title={t.detail.recent.title} query={recent} emptyTitle={t.detail.recent.empty} errorTitle={t.detail.recent.loadFailed} />;
}
