// /admin/manage-reviews: search (customer name or comment), stars, status, all in the URL; one
// page of 50 reviews from the server, sortable by time and stars (sort in the URL); inline status
// edit; 1-star rows highlighted as danger; the searched text marked in names and comments. Rows
// can be selected to hide or show them at once, with an undo (docs/screens.md#bulk-actions).
import { useMemo } from 'react';
import { lazyBulkBar, useRowSelection } from '@/components/ui/row-selection.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { ListPageHeader, ListTable, listViewProps, useListPaging } from '@/components/ui/paged-table.tsx';
import { SearchFilterBar, SelectFilter } from '@/components/ui/filter-bar.tsx';
import { StatusFilter } from '@/components/ui/status-filter.tsx';
import { Stars } from '@/components/ui/stars.tsx';
import { StatusInlineEdit } from '@/components/ui/status-inline-edit.tsx';
import { saveUnlessConflict } from '@/lib/errors/errors.ts';
import { formatDateTime } from '@/lib/format/format.ts';
import { reviews as t } from '@/lib/messages/reviews.ts';
import { listView } from '@/lib/lists/paging.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { REVIEW_RATING_CHOICES, REVIEWS_URL_DEFAULTS as DEFAULTS, REVIEWS_URL_OPTIONS as URL_OPTIONS, reviewFiltersOf } from '@/features/reviews/api/reviews-url.ts';
import type { ReviewFilters } from '@/features/reviews/api/review-filters.ts';
import { reviewKeys } from '@/features/reviews/api/keys.ts';
import { useReviews, type ReviewRow } from '@/features/reviews/api/reviews-query.ts';
import { useUpdateReviewStatus } from '@/features/reviews/api/review-status-update-mutation.ts';
import { BookingLink } from '@/components/domain/booking-link.tsx';

const DEFAULT_SORT = 'created_at.desc';
// The bulk action bar arrives when rows are first selected.
const ReviewBulkBar = lazyBulkBar(() => import('@/features/reviews/components/review-bulk-bar.tsx').then((module) => module.ReviewBulkBar));
const RATING_OPTIONS = REVIEW_RATING_CHOICES.map((value) => ({ value, label: t.filters.ratingOption(Number(value)) }));

export default function ReviewsPage() {
  const [state, setState, reset] = useUrlState(DEFAULTS, URL_OPTIONS);
  const filters: ReviewFilters = useMemo(() => reviewFiltersOf(state), [state]);
  const list = useReviews(filters, listView(state));
  const update = useUpdateReviewStatus();
  const selection = useRowSelection({
    rows: list.data?.rows,
    rowKey: (row) => row.id,
    rowLabel: (row) => row.customer_name ?? t.unknown,
    resetKey: JSON.stringify(state),
  });

  const columns: readonly DataTableColumn<ReviewRow>[] = [
    selection.column,
    { key: 'customer', header: t.columns.customer, cell: (row) => <Highlight text={row.customer_name ?? t.unknown} term={state.q} /> },
    { key: 'provider', header: t.columns.provider, cell: (row) => row.provider_name ?? t.unknown },
    {
      key: 'rating',
      header: t.columns.rating,
      sortKey: 'rating',
      cell: (row) => <Stars rating={row.rating} />,
    },
    {
      key: 'comment',
      header: t.columns.comment,
      wide: true,
      className: 'whitespace-pre-line',
      cell: (row) => (row.comment && row.comment.trim() !== '' ? <Highlight text={row.comment} term={state.q} /> : <span className="italic">{t.noComment}</span>),
    },
    { key: 'time', header: t.columns.time, className: 'whitespace-nowrap', sortKey: 'created_at', cell: (row) => formatDateTime(row.created_at) },
    {
      key: 'booking',
      header: t.columns.bookingId,
      cell: (row) => <BookingLink id={row.booking_id} />,
    },
    {
      key: 'status',
      header: t.columns.status,
      cell: (row) => (
        <StatusInlineEdit
          entity="review"
          label={t.statusLabel(row.customer_name ?? t.unknown)}
          status={row.status}
          inputClassName="w-32"
          onSave={(value) => saveUnlessConflict(() => update.mutateAsync({ row, status: value === 'inactive' ? 'inactive' : 'active' }))}
        />
      ),
    },
  ];

  useListPaging(list, state.page, setState);

  const anyFilter = Boolean(filters.search || filters.rating || filters.status);
  return (
    <div>
      <ListPageHeader texts={t} queryKey={reviewKeys.all} />
      <SearchFilterBar filtered={anyFilter} onClear={reset} texts={t.filters} search={state.q} onSearch={(q, options) => setState({ q }, options)}>
        <SelectFilter label={t.filters.rating} value={state.rating} allLabel={t.filters.allRatings} options={RATING_OPTIONS} onChange={(rating) => setState({ rating })} />
        <StatusFilter entity="review" texts={t.filters} value={state.status} onChange={(status) => setState({ status })} />
      </SearchFilterBar>
      {selection.rows.length > 0 ? <ReviewBulkBar selection={selection} /> : null}
      <ListTable
        list={list}
        texts={t}
        filtered={anyFilter}
        columns={columns}
        rowClassName={(row) => (row.rating === 1 ? 'bg-red-50 hover:bg-red-100 border-l-4 border-l-red-600 [&>td]:text-red-950' : undefined)}
        {...listViewProps(state, setState, DEFAULT_SORT, state.q.trim() !== '')}
      />
    </div>
  );
}
