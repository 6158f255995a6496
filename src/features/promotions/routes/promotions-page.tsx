// /admin/manage-discount-codes: stat cards, add form, filters in the URL, one page of codes from
// the server with remaining uses and expiry, inline edits of code / value / max uses / expiry /
// status; the code opens the detail page; sortable by code, uses, expiry and date (sort in the URL).
// Codes can be selected to pause or resume them at once, with an undo (docs/screens.md#bulk-actions).
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { lazyBulkBar, useRowSelection } from '@/components/ui/row-selection.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { ListPageHeader, ListTable, listViewProps, useListPaging } from '@/components/ui/paged-table.tsx';
import { SearchFilterBar, SelectFilter } from '@/components/ui/filter-bar.tsx';
import { StatusFilter } from '@/components/ui/status-filter.tsx';
import { InlineEdit } from '@/components/ui/inline-edit.tsx';
import { InlineLoading, lazyPart } from '@/components/ui/lazy-part.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { saveUnlessConflict } from '@/lib/errors/errors.ts';
import { formatDateTime, formatNumber } from '@/lib/format/format.ts';
import { promotions as t } from '@/lib/messages/promotions.ts';
import { listView } from '@/lib/lists/paging.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { PROMOTIONS_URL_DEFAULTS as DEFAULTS, PROMOTIONS_URL_OPTIONS as URL_OPTIONS, promotionFiltersOf } from '@/features/promotions/api/promotions-url.ts';
import { promotionKeys, type PromotionListFilters } from '@/features/promotions/api/keys.ts';
import { isExpired, remainingUses, validateMaxUses } from '@/features/promotions/api/promotion-rules.ts';
import { parseWholeNumber } from '@/lib/input/input-bounds.ts';
import { usePromotionStats } from '@/features/promotions/api/promotion-stats-query.ts';
import type { PromotionRow } from '@/features/promotions/api/promotion-types.ts';
import { usePromotions } from '@/features/promotions/api/promotions-query.ts';
import { useUpdatePromotion, type PromotionPatch } from '@/features/promotions/api/promotion-update-mutation.ts';
import { CodeEditor, DiscountValueEditor, ExpiryEditor, StatusEditor } from '@/features/promotions/components/promotion-field-editors.tsx';

const DEFAULT_SORT = 'created_at.desc';
const TYPE_OPTIONS = [
  { value: 'percentage', label: t.type.percentage },
  { value: 'fixed_amount', label: t.type.fixed_amount },
];

// The add form (react-hook-form) arrives after the list's code: the codes show first (docs/architecture.md#lazy-parts).
const CreatePromotionFormCard = lazyPart(
  () => import('@/features/promotions/components/create-promotion-form.tsx').then((module) => module.CreatePromotionFormCard),
  <InlineLoading />,
);
// The bulk action bar arrives when rows are first selected.
const PromotionBulkBar = lazyBulkBar(() =>
  import('@/features/promotions/components/promotion-bulk-bar.tsx').then((module) => module.PromotionBulkBar),
);

export default function PromotionsPage() {
  const [state, setState, reset] = useUrlState(DEFAULTS, URL_OPTIONS);
  const filters: PromotionListFilters = useMemo(() => promotionFiltersOf(state), [state]);
  const stats = usePromotionStats();
  const list = usePromotions(filters, listView(state));
  const update = useUpdatePromotion();
  const selection = useRowSelection({ rows: list.data?.rows, rowKey: (row) => row.id, rowLabel: (row) => row.code, resetKey: JSON.stringify(state) });

  const save = (row: PromotionRow, patch: PromotionPatch) => saveUnlessConflict(() => update.mutateAsync({ row, patch }));
  /** What every editor of a row gets: the row, its field's label followed by the code, and its save. */
  const edit = (row: PromotionRow, column: string) => ({ row, label: `${column} ${row.code}`, save: (patch: PromotionPatch) => save(row, patch) });

  useListPaging(list, state.page, setState);

  const columns: readonly DataTableColumn<PromotionRow>[] = [
    selection.column,
    {
      key: 'code',
      header: t.columns.code,
      sortKey: 'code',
      cell: (row) => (
        <span className="inline-flex items-center gap-1">
          <Link
            to={`/admin/manage-discount-codes/${row.id}`}
            className="font-mono font-semibold text-teal-800 hover:underline"
            aria-label={t.openDetail(row.code)}
          >
            <Highlight text={row.code} term={state.q} />
          </Link>
          <CodeEditor {...edit(row, t.columns.code)} display={<span className="sr-only">{row.code}</span>} inputClassName="w-32" />
        </span>
      ),
    },
    { key: 'type', header: t.columns.type, cell: (row) => t.type[row.discount_type] },
    {
      key: 'value',
      header: t.columns.value,
      align: 'right',
      cell: (row) => <DiscountValueEditor {...edit(row, t.columns.value)} inputClassName="w-28" />,
    },
    {
      key: 'max',
      header: t.columns.maxUses,
      align: 'right',
      cell: (row) => (
        <InlineEdit
          label={`${t.columns.maxUses} ${row.code}`}
          value={String(row.max_uses)}
          validate={(value) => validateMaxUses(value, row.uses_count) ?? undefined}
          inputClassName="w-20"
          maxLength={9}
          onSave={(value) => save(row, { max_uses: parseWholeNumber(value) ?? row.max_uses })}
        />
      ),
    },
    { key: 'used', header: t.columns.used, align: 'right', sortKey: 'uses_count', cell: (row) => formatNumber(row.uses_count) },
    {
      key: 'remaining',
      header: t.columns.remaining,
      align: 'right',
      cell: (row) => formatNumber(remainingUses(row.max_uses, row.uses_count)),
    },
    {
      key: 'expires',
      header: t.columns.expiresAt,
      sortKey: 'expires_at',
      cell: (row) => (
        <ExpiryEditor
          {...edit(row, t.columns.expiresAt)}
          display={
            <span className={isExpired(row.expires_at) ? 'text-red-700' : undefined}>
              {formatDateTime(row.expires_at)}
              {isExpired(row.expires_at) ? ` (${t.expired})` : ''}
            </span>
          }
          invalid={t.expiryInvalid}
          inputClassName="w-52"
        />
      ),
    },
    { key: 'created', header: t.columns.createdAt, className: 'whitespace-nowrap', sortKey: 'created_at', cell: (row) => formatDateTime(row.created_at) },
    {
      key: 'status',
      header: t.columns.status,
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <StatusEditor {...edit(row, t.columns.status)} inputClassName="w-40" />
          {/* An active code past its expiry can no longer be used: say so beside its status. */}
          {row.status === 'active' && isExpired(row.expires_at) ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-200">{t.expiredStatus}</span>
          ) : null}
        </span>
      ),
    },
  ];

  const anyFilter = Boolean(filters.search || filters.type || filters.status);
  return (
    <div>
      <ListPageHeader texts={t} queryKey={promotionKeys.all} />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t.stats.total} value={stats.data ? formatNumber(stats.data.total) : '…'} />
        <StatCard label={t.stats.active} tone="success" value={stats.data ? formatNumber(stats.data.active) : '…'} />
        <StatCard label={t.stats.inactive} value={stats.data ? formatNumber(stats.data.inactive) : '…'} />
        <StatCard label={t.stats.uses} tone="info" value={stats.data ? formatNumber(stats.data.uses) : '…'} />
      </div>

      <CreatePromotionFormCard />

      <SearchFilterBar filtered={anyFilter} onClear={reset} texts={t.filters} search={state.q} onSearch={(q, options) => setState({ q }, options)}>
        <SelectFilter label={t.filters.type} value={state.type} allLabel={t.filters.allTypes} options={TYPE_OPTIONS} onChange={(type) => setState({ type })} />
        <StatusFilter entity="discountCode" texts={t.filters} value={state.status} onChange={(status) => setState({ status })} />
      </SearchFilterBar>

      {selection.rows.length > 0 ? <PromotionBulkBar selection={selection} /> : null}
      <ListTable list={list} texts={t} filtered={anyFilter} columns={columns} {...listViewProps(state, setState, DEFAULT_SORT, state.q.trim() !== '')} />
    </div>
  );
}
