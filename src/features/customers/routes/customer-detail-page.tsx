// /admin/customers/:customerId — header (avatar, name, email, status), stats (total, completed,
// in progress, total spent), inline edits of name, email, phone, status, registration / update /
// last sign-in times, the ban card and the 10 most recent bookings linking to their detail.
import { useParams } from 'react-router-dom';
import { BanCard } from '@/components/domain/ban-card.tsx';
import { ProfileDetail } from '@/components/domain/profile-header.tsx';
import { RecentBookings } from '@/components/domain/recent-bookings.tsx';
import { ContactCard, ProfileTimes } from '@/components/domain/contact-fields.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { ErrorState } from '@/components/ui/states.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatNumber, formatVnd } from '@/lib/format/format.ts';
import { customers as t } from '@/lib/messages/customers.ts';
import { useCustomer, type CustomerProfile } from '@/features/customers/api/customer-query.ts';
import { useCustomerRecentBookings } from '@/features/customers/api/customer-recent-bookings-query.ts';
import { useCustomerStats } from '@/features/customers/api/customer-stats-query.ts';
import { useUpdateCustomer } from '@/features/customers/api/customer-update-mutation.ts';

function Stats({ id }: { id: string }) {
  const stats = useCustomerStats(id);
  if (stats.isError) return <ErrorState title={t.detail.stats.loadFailed} error={stats.error} onRetry={() => void stats.refetch()} />;
  const value = (n: number | undefined, money = false) => (n === undefined ? '…' : money ? formatVnd(n) : formatNumber(n));
  return (
    <section aria-labelledby="customer-stats-title">
      <h2 id="customer-stats-title" className="sr-only">
        {t.detail.stats.title}
      </h2>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t.detail.stats.total} value={value(stats.data?.total)} tone="info" />
        <StatCard label={t.detail.stats.completed} value={value(stats.data?.completed)} tone="success" />
        <StatCard label={t.detail.stats.inProgress} value={value(stats.data?.in_progress)} tone="warning" />
        <StatCard label={t.detail.stats.totalSpent} value={value(stats.data?.total_spent, true)} tone="success" />
      </div>
    </section>
  );
}

function InfoCard({ profile }: { profile: CustomerProfile }) {
  const update = useUpdateCustomer();
  return <ContactCard entity="customer" title={t.detail.info.title} profile={profile} update={update.mutateAsync} />;
}

function CustomerBanCard({ profile }: { profile: CustomerProfile }) {
  const update = useUpdateCustomer();
  return <BanCard entity="customer" profile={profile} update={update.mutateAsync} />;
}

function TimesCard({ profile }: { profile: CustomerProfile }) {
  return (
    <SectionCard titleId="customer-times-title" title={t.detail.times.title}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
        <ProfileTimes entity="customer" profile={profile} />
      </dl>
    </SectionCard>
  );
}

function CustomerRecentBookings({ id }: { id: string }) {
  const recent = useCustomerRecentBookings(id);
  return (
    <RecentBookings
      title={t.detail.recent.title}
      query={recent}
      emptyTitle={t.detail.recent.empty}
      errorTitle={t.detail.recent.loadFailed}
      showCustomer={false}
    />
  );
}

export default function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  const detail = useCustomer(customerId);
  return (
    <ProfileDetail entity="customer" query={detail} listPath="/admin/customers" texts={t.detail}>
      {(profile) => (
        <>
          <CustomerBanCard profile={profile} />
          <Stats id={profile.id} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <InfoCard profile={profile} />
            <TimesCard profile={profile} />
          </div>
          <CustomerRecentBookings id={profile.id} />
        </>
      )}
    </ProfileDetail>
  );
}
