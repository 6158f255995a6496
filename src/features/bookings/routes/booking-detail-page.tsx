// /admin/bookings/:bookingId — every block of docs/screens.md#booking-detail: header (#last 8 of the id), status with a
// dropdown that saves (optimistic concurrency on updated_at), times, customer, provider, service,
// prices and discount, address and note, provider queue, completion report, review, change history
// and a link to the conversation. Not-found and load errors with retry; back to the list.
import { MessageSquare } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Stars } from '@/components/ui/stars.tsx';
import { DetailStates } from '@/components/ui/detail-states.tsx';
import { StatusBadge, statusOptions } from '@/components/ui/status-badge.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime, formatNumber, formatVnd, shortBookingId } from '@/lib/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { isBookingStatus } from '@/features/bookings/api/booking-filters.ts';
import { useBooking, type BookingDetail, type PersonSummary } from '@/features/bookings/api/booking-query.ts';
import { useUpdateBookingStatus } from '@/features/bookings/api/booking-status-update-mutation.ts';
import { BookingHistory } from '@/features/bookings/components/booking-history.tsx';

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className ?? ''}`}>
      <h2 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) return <img src={url} alt={t.detail.customer.avatarAlt(name)} className="size-12 rounded-full object-cover" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-full bg-teal-100 font-semibold text-teal-800">
      {initials}
    </span>
  );
}

function PersonBlock({
  title,
  name,
  email,
  phone,
  person,
  link,
  linkLabel,
}: {
  title: string;
  name: string;
  email: string | null;
  phone: string | null;
  person: PersonSummary | null;
  link: string | null;
  linkLabel: string;
}) {
  return (
    <Card title={title}>
      <div className="flex items-start gap-3">
        <Avatar name={name} url={person?.avatar_url ?? null} />
        <div className="min-w-0 flex-1">
          <Facts
            items={[
              [t.detail.customer.name, name],
              [t.detail.customer.email, email],
              [t.detail.customer.phone, phone],
            ]}
          />
          {link ? (
            <Link to={link} className="mt-2 inline-block text-sm text-teal-800 hover:underline">
              {linkLabel}
            </Link>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function StatusControl({ detail }: { detail: BookingDetail }) {
  const selectId = useId();
  const mutation = useUpdateBookingStatus();
  const { booking } = detail;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <StatusBadge entity="booking" status={booking.status} />
      <label htmlFor={selectId} className="text-sm text-slate-600">
        {t.detail.statusSelect}
      </label>
      <select
        id={selectId}
        value={booking.status}
        disabled={mutation.isPending}
        onChange={(event) => {
          const status = event.target.value;
          if (!isBookingStatus(status) || status === booking.status) return;
          mutation.mutate({ id: booking.id, status, expectedUpdatedAt: booking.updated_at });
        }}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-teal-600"
      >
        {statusOptions('booking').map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {mutation.isPending ? (
        <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {t.detail.statusSaving}
        </span>
      ) : null}
    </div>
  );
}

function DetailBody({ detail }: { detail: BookingDetail }) {
  const { booking, review } = detail;
  const hasDiscount = booking.discount_code !== null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <StatusControl detail={detail} />
        <Link to={`/admin/messages/${booking.id}`} className={buttonClassName('secondary')}>
          <MessageSquare className="size-4" aria-hidden="true" />
          {t.detail.openConversation}
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card title={t.detail.times.title}>
          <Facts
            items={[
              [t.detail.times.createdAt, formatDateTime(booking.created_at)],
              [t.detail.times.updatedAt, <span data-testid="booking-updated-at">{formatDateTime(booking.updated_at)}</span>],
              [t.detail.times.scheduledAt, formatDateTime(booking.scheduled_at)],
              [t.detail.times.completionReportedAt, booking.completion_reported_at ? formatDateTime(booking.completion_reported_at) : t.detail.times.notReported],
              [t.detail.times.completedAt, formatDateTime(booking.completed_at)],
            ]}
          />
        </Card>
        <Card title={t.detail.service.title}>
          <Facts
            items={[
              [t.detail.service.package, booking.service_item_name],
              [t.detail.service.category, booking.category_name],
              [t.detail.service.service, booking.service_name],
              [t.detail.service.description, booking.service_item_description],
              [t.detail.service.jobDetails, booking.service_item_job_details],
              [t.detail.service.duration, booking.service_item_duration],
              [t.detail.service.paymentMethod, t.paymentMethods[booking.payment_method] ?? booking.payment_method],
            ]}
          />
        </Card>
        <PersonBlock
          title={t.detail.customer.title}
          name={booking.customer_name}
          email={booking.customer_email}
          phone={booking.customer_phone}
          person={detail.customer}
          link={booking.customer_id ? `/admin/customers/${booking.customer_id}` : null}
          linkLabel={t.detail.customer.view}
        />
        {detail.provider ? (
          <PersonBlock
            title={t.detail.provider.title}
            name={detail.provider.name}
            email={detail.provider.email}
            phone={detail.provider.phone}
            person={detail.provider}
            link={`/admin/providers/${detail.provider.id}`}
            linkLabel={t.detail.provider.view}
          />
        ) : (
          <Card title={t.detail.provider.title}>
            <p className="text-sm text-slate-600">{t.detail.provider.none}</p>
          </Card>
        )}
        <Card title={t.detail.price.title}>
          <Facts
            items={[
              [t.detail.price.packagePrice, formatVnd(booking.service_item_price)],
              [t.detail.price.originalPrice, formatVnd(booking.original_price)],
              ...(hasDiscount
                ? ([
                    [t.detail.price.discountCode, <span className="font-mono">{booking.discount_code}</span>],
                    [t.detail.price.discountType, t.discountTypes[booking.discount_type ?? ''] ?? booking.discount_type],
                    [
                      t.detail.price.discountValue,
                      booking.discount_type === 'percentage'
                        ? `${formatNumber(Number(booking.discount_value))}%`
                        : formatVnd(booking.discount_value),
                    ],
                    [t.detail.price.discount, `−${formatVnd(booking.discount_amount ?? 0)}`],
                  ] as [string, ReactNode][])
                : ([[t.detail.price.discount, t.detail.price.noDiscount]] as [string, ReactNode][])),
              [t.detail.price.finalPrice, <strong className="text-base">{formatVnd(booking.final_price)}</strong>],
            ]}
          />
        </Card>
        <Card title={t.detail.address.title}>
          <Facts
            items={[
              [t.detail.address.address, booking.address],
              [t.detail.address.note, booking.note ? <span className="whitespace-pre-line">{booking.note}</span> : t.detail.address.noNote],
            ]}
          />
        </Card>
        <Card title={t.detail.queue.title}>
          {detail.queue.length === 0 ? (
            <p className="text-sm text-slate-600">{t.detail.queue.empty}</p>
          ) : (
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {detail.queue.map((entry) => (
                <li key={entry.id}>
                  {entry.name !== null ? (
                    <Link to={`/admin/providers/${entry.id}`} className="text-teal-800 hover:underline">
                      {entry.name}
                    </Link>
                  ) : (
                    <span className="text-slate-500">{t.detail.queue.unknown}</span>
                  )}
                  {entry.id === booking.provider_id ? (
                    <span className="ml-2 rounded bg-teal-50 px-1.5 py-0.5 text-xs text-teal-800">{t.detail.queue.current}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card title={t.detail.review.title}>
          {review ? (
            <div className="space-y-2 text-sm">
              <div className="flex items-center gap-2">
                <Stars rating={review.rating} />
                <span className="text-slate-600">{formatDateTime(review.created_at)}</span>
                {review.status !== 'active' ? (
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{t.detail.review.hidden}</span>
                ) : null}
              </div>
              <p className="whitespace-pre-line text-slate-800">{review.comment ?? ''}</p>
              {review.customer_name ? <p className="text-xs text-slate-500">— {review.customer_name}</p> : null}
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t.detail.review.none}</p>
          )}
        </Card>
      </div>
      <BookingHistory bookingId={booking.id} />
    </div>
  );
}

export default function BookingDetailPage() {
  const { bookingId = '' } = useParams();
  const detail = useBooking(bookingId);
  const back = { to: '/admin/bookings', label: t.detail.back };
  const title = detail.data ? t.detail.title(shortBookingId(detail.data.booking.id)) : t.detail.title(shortBookingId(bookingId));

  return (
    <div>
      <PageHeader title={title} back={back} />
      <DetailStates query={detail} loadFailed={t.detail.loadFailed} notFound={t.detail.notFound} back={back}>
        {(data) => <DetailBody detail={data} />}
      </DetailStates>
    </div>
  );
}
