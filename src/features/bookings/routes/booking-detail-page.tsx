// /admin/bookings/:bookingId — every block of docs/screens.md#booking-detail: header (#last 8 of the id), status with a
// dropdown that saves (optimistic concurrency on updated_at; entering or leaving `completed` first
// states the commission and earnings it moves in a confirmation dialog), times, customer, provider, service,
// prices and discount, address and note, provider queue, completion report, review, change history
// and a link to the conversation. Not-found and load errors with retry; back to the list.
import { MessageSquare } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Stars } from '@/components/ui/stars.tsx';
import { DetailStates } from '@/components/ui/detail-states.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { useChoiceSelect } from '@/components/ui/choice-select.ts';
import { StatusBadge, statusLabel, statusOptions } from '@/components/ui/status-badge.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime, formatNumber, formatPercent, formatVnd, shortBookingId } from '@/lib/format/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { isBookingStatus, type BookingStatus } from '@/features/bookings/api/booking-filters.ts';
import { bookingStatusEffect, statusChangeMovesMoney, type BookingStatusEffect } from '@/features/bookings/api/booking-status-effect.ts';
import { fetchBookingStatusEffectInputs } from '@/features/bookings/api/booking-status-effect-query.ts';
import { useBooking, type BookingDetail, type PersonSummary } from '@/features/bookings/api/booking-query.ts';
import { useUpdateBookingStatus } from '@/features/bookings/api/booking-status-update-mutation.ts';
import { useBookingHasConversation } from '@/features/bookings/api/booking-conversation-query.ts';
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

function EffectLines({ from, to, effect }: { from: string; to: string; effect: BookingStatusEffect }) {
  const c = t.statusConfirm;
  const lines: string[] = [c.intro(statusLabel('booking', from), statusLabel('booking', to))];
  if (effect.kind === 'create') {
    lines.push(c.createCommission(formatVnd(effect.platformFee), formatPercent(effect.rate), formatVnd(effect.servicePrice)));
  } else if (effect.kind === 'remove') {
    lines.push(effect.platformFee === null ? c.noCommission : c.removeCommission(formatVnd(effect.platformFee)));
  }
  if (effect.kind !== 'none') {
    lines.push(effect.earnings ? c.earnings(effect.earnings.name, formatVnd(effect.earnings.before), formatVnd(effect.earnings.after)) : c.noProvider);
  }
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="mt-1 block first:mt-0" data-testid="status-effect">
          {line}
        </span>
      ))}
    </>
  );
}

function StatusControl({ detail }: { detail: BookingDetail }) {
  const selectId = useId();
  const mutation = useUpdateBookingStatus();
  const { booking } = detail;
  const [computing, setComputing] = useState(false);
  const [pending, setPending] = useState<{ status: BookingStatus; effect: BookingStatusEffect } | null>(null);

  const save = (status: BookingStatus) => mutation.mutate({ id: booking.id, status, expectedUpdatedAt: booking.updated_at });

  const choose = async (status: BookingStatus) => {
    if (!statusChangeMovesMoney(booking.status, status)) {
      save(status);
      return;
    }
    // Money moves: state the effect and write nothing until the admin confirms.
    setComputing(true);
    try {
      const inputs = await fetchBookingStatusEffectInputs(booking);
      setPending({ status, effect: bookingStatusEffect(booking.status, status, inputs) });
    } catch {
      toast.error(t.statusConfirm.computeFailed);
    } finally {
      setComputing(false);
    }
  };

  // An arrow key on the closed select only moves a draft; a choice (mouse, the opened list), Enter or
  // leaving the select acts on it (docs/screens.md#keyboard). Busy, the select keeps its focus
  // (aria-disabled, not disabled) and ignores changes.
  const choice = useChoiceSelect();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const busy = mutation.isPending || computing;
  const commit = (status: string) => {
    setDraft(null);
    if (busy || !isBookingStatus(status) || status === booking.status) return;
    void choose(status);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <StatusBadge entity="booking" status={booking.status} />
      <label htmlFor={selectId} className="text-sm text-slate-600">
        {t.detail.statusSelect}
      </label>
      <select
        ref={selectRef}
        id={selectId}
        value={draft ?? booking.status}
        aria-disabled={busy ? true : undefined}
        onKeyDown={(event) => {
          choice.onKeyDown(event);
          if (event.key === 'Enter') {
            event.preventDefault();
            setTimeout(() => commit(selectRef.current?.value ?? booking.status), 0);
          } else if (event.key === 'Escape' && draft !== null) {
            event.preventDefault();
            setDraft(null);
          }
        }}
        onKeyUp={choice.onKeyUp}
        onChange={(event) => {
          if (busy) return;
          if (choice.isChoice()) commit(event.target.value);
          else setDraft(event.target.value);
        }}
        onBlur={() => {
          if (draft !== null) commit(draft);
        }}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-teal-600"
      >
        {statusOptions('booking').map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {mutation.isPending || computing ? (
        <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> {computing ? t.statusConfirm.computing : t.detail.statusSaving}
        </span>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending ? t.statusConfirm.title(statusLabel('booking', pending.status)) : ''}
        description={pending ? <EffectLines from={booking.status} to={pending.status} effect={pending.effect} /> : null}
        confirmLabel={t.statusConfirm.confirm}
        onConfirm={() => {
          if (pending) save(pending.status);
          setPending(null);
        }}
      />
    </div>
  );
}

/** "Xem cuộc trò chuyện", only for a booking that has a conversation. */
function ConversationLink({ bookingId }: { bookingId: string }) {
  const conversation = useBookingHasConversation(bookingId);
  if (conversation.data !== true) return null;
  return (
    <Link to={`/admin/messages/${bookingId}`} className={buttonClassName('secondary')}>
      <MessageSquare className="size-4" aria-hidden="true" />
      {t.detail.openConversation}
    </Link>
  );
}

function DetailBody({ detail }: { detail: BookingDetail }) {
  const { booking, review } = detail;
  const hasDiscount = booking.discount_code !== null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <StatusControl detail={detail} />
        <ConversationLink bookingId={booking.id} />
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
