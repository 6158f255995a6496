// /admin/providers/:providerId — header, the ban card, personal info with inline edits, stats,
// deposit and earnings, the balance with its ledger and manual adjustment, service types, saved
// addresses, documents, reviews and the 10 most recent bookings.
import { useParams } from 'react-router-dom';
import { BanCard } from '@/components/domain/ban-card.tsx';
import { ProfileDetail } from '@/components/domain/profile-header.tsx';
import { InlineLoading, lazyPart } from '@/components/ui/lazy-part.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { ErrorState } from '@/components/ui/states.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatNumber, formatVnd } from '@/lib/format/format.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { useProvider, type ProviderProfile } from '@/features/providers/api/provider-query.ts';
import { useProviderStats } from '@/features/providers/api/provider-stats-query.ts';
import { useUpdateProvider } from '@/features/providers/api/provider-update-mutation.ts';
import { BalanceCard } from '@/features/providers/components/balance-card.tsx';
import { ProviderInfoCard } from '@/features/providers/components/provider-info-card.tsx';
import { ProviderRecentBookings } from '@/features/providers/components/provider-recent-bookings.tsx';

// The service types, documents and reviews cards read their own data after the screen's first
// paint: their code (the service picker and its mutations, uploads, signed images, the reviews
// pager) arrives with it, after the screen's own (docs/architecture.md#lazy-parts).
const ServiceTypesCard = lazyPart(async () => (await import('@/features/providers/components/service-types-card.tsx')).ServiceTypesCard, <InlineLoading />);
const DocumentsCard = lazyPart(async () => (await import('@/features/providers/components/documents-card.tsx')).DocumentsCard, <InlineLoading />);
const ReviewsCard = lazyPart(async () => (await import('@/features/providers/components/reviews-card.tsx')).ReviewsCard, <InlineLoading />);

function StatsRow({ profile }: { profile: ProviderProfile }) {
  const stats = useProviderStats(profile.id);
  return (
    <section aria-labelledby="provider-stats-title" className="space-y-3">
      <h2 id="provider-stats-title" className="sr-only">
        {t.detail.stats.title}
      </h2>
      {stats.isError ? (
        <ErrorState title={t.detail.stats.loadFailed} error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 2xl:grid-cols-6">
          <StatCard label={t.detail.stats.total} value={stats.data ? formatNumber(stats.data.total) : '…'} tone="info" />
          <StatCard label={t.detail.stats.completed} value={stats.data ? formatNumber(stats.data.completed) : '…'} tone="success" />
          <StatCard label={t.detail.stats.pending} value={stats.data ? formatNumber(stats.data.pending) : '…'} tone="warning" />
          <StatCard label={t.detail.stats.revenue} value={stats.data ? formatVnd(stats.data.total_revenue) : '…'} tone="success" />
          <StatCard label={t.detail.finance.deposit} value={formatVnd(profile.deposit)} />
          <StatCard label={t.detail.finance.totalEarnings} value={formatVnd(profile.total_earnings)} />
        </div>
      )}
    </section>
  );
}

function AddressesCard({ profile }: { profile: ProviderProfile }) {
  return (
    <SectionCard titleId="addresses-title" title={t.detail.addresses.title}>
      {profile.saved_addresses.length === 0 ? (
        <p className="text-sm text-slate-600">{t.detail.addresses.empty}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {profile.saved_addresses.map((address, index) => (
            <li key={`${index}-${address.address}`} className="rounded-md border border-slate-100 bg-slate-50 px-3 py-2">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-800">
                {address.label ?? t.detail.addresses.noLabel}
                {address.isDefault ? (
                  <span className="rounded-full bg-teal-100 px-2 py-0.5 text-xs font-medium text-teal-800">{t.detail.addresses.default}</span>
                ) : null}
              </p>
              <p className="text-slate-600">{address.address}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function ProviderBanCard({ profile }: { profile: ProviderProfile }) {
  const update = useUpdateProvider();
  return <BanCard entity="provider" profile={profile} update={update.mutateAsync} />;
}

export default function ProviderDetailPage() {
  const { providerId = '' } = useParams();
  const detail = useProvider(providerId);
  return (
    <ProfileDetail entity="provider" query={detail} listPath="/admin/providers" texts={t.detail}>
      {(profile) => (
        <>
          <ProviderBanCard profile={profile} />
          <StatsRow profile={profile} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ProviderInfoCard profile={profile} />
            <div className="space-y-4">
              <ServiceTypesCard providerId={profile.id} />
              <AddressesCard profile={profile} />
            </div>
          </div>
          <BalanceCard profile={profile} />
          <DocumentsCard providerId={profile.id} />
          <ReviewsCard providerId={profile.id} />
          <ProviderRecentBookings providerId={profile.id} />
        </>
      )}
    </ProfileDetail>
  );
}
