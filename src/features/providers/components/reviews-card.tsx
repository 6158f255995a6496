// Customer reviews of a provider: average, count, star distribution bars (active reviews only,
// computed by the database) and the active reviews, newest first, 10 a page.
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Stars } from '@/components/ui/stars.tsx';
import { QueryStates } from '@/components/ui/states.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatDateTime, formatNumber, shortBookingId } from '@/lib/format/format.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { REVIEWS_PAGE_SIZE, useProviderReviews } from '@/features/providers/api/provider-reviews-query.ts';
import { starBars, useReviewSummary } from '@/features/providers/api/review-summary-query.ts';

export function ReviewsCard({ providerId }: { providerId: string }) {
  const [page, setPage] = useState(1);
  const summary = useReviewSummary(providerId);
  const reviews = useProviderReviews(providerId, page);

  return (
    <SectionCard titleId="reviews-title" title={t.detail.reviews.title}>
      <QueryStates query={summary} loadFailed={t.detail.reviews.loadFailed}>
        {(data) => (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_1fr]">
            <div className="text-center sm:text-left">
              <p className="text-sm text-slate-600">{t.detail.reviews.average}</p>
              <p className="text-4xl font-semibold text-slate-900 tabular-nums" data-testid="review-average">
                {formatNumber(Number(data.average.toFixed(1)))}
              </p>
              <Stars rating={data.average} />
              <p className="mt-1 text-sm text-slate-600" data-testid="review-count">
                {t.detail.reviews.count(formatNumber(data.count))}
              </p>
            </div>
            <ul className="space-y-1.5" aria-label={t.detail.reviews.title}>
              {starBars(data).map((bar) => (
                <li key={bar.stars} className="flex items-center gap-2 text-sm">
                  <span className="w-12 shrink-0 text-slate-700">{t.detail.reviews.starRow(bar.stars)}</span>
                  <span
                    role="meter"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={bar.percent}
                    aria-label={t.detail.reviews.starBar(bar.stars, bar.count, bar.percent)}
                    className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
                  >
                    <span className="block h-full rounded-full bg-amber-400" style={{ width: `${bar.percent}%` }} />
                  </span>
                  <span className="w-10 shrink-0 text-right text-slate-600 tabular-nums">{bar.count}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryStates>
      <div className="mt-4">
        <QueryStates
          query={reviews}
          loadFailed={t.detail.reviews.loadFailed}
          empty={<p className="text-sm text-slate-600">{t.detail.reviews.empty}</p>}
          isEmpty={(data) => data.rows.length === 0}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-slate-100" data-testid="provider-reviews">
                {data.rows.map((review) => (
                  <li key={review.id} className="py-3 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <Stars rating={review.rating} />
                      <span className="font-medium text-slate-800">{review.customer_name ?? t.detail.reviews.anonymous}</span>
                      <span className="text-xs text-slate-500">{formatDateTime(review.created_at)}</span>
                      <Link to={`/admin/bookings/${review.booking_id}`} className="text-xs text-teal-800 hover:underline">
                        {t.detail.reviews.booking} #{shortBookingId(review.booking_id)}
                      </Link>
                    </div>
                    <p className="mt-1 whitespace-pre-line text-slate-700">{review.comment?.trim() ? review.comment : t.detail.reviews.noComment}</p>
                  </li>
                ))}
              </ul>
              <Pagination page={page} total={data.total} pageSize={REVIEWS_PAGE_SIZE} onPageChange={setPage} disabled={reviews.isPlaceholderData} />
            </>
          )}
        </QueryStates>
      </div>
    </SectionCard>
  );
}
