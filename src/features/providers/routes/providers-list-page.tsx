// /admin/providers — providers newest first or sorted by name, deposit, earnings or date, filtered
// on the server by name-or-e-mail text and status, 50 a page; filters, sort and page in the URL;
// the searched text is marked. Rows can be selected for bulk approve, pause and ban
// (docs/screens.md#bulk-actions).
import { ProfilesList } from '@/components/domain/profiles-list.tsx';
import { lazyBulkBar } from '@/components/ui/row-selection.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { PROVIDER_LIST_ALLOWED } from '@/features/providers/api/provider-filters.ts';
import { providersQueryOptions, type ProviderListRow } from '@/features/providers/api/providers-query.ts';
import { PROVIDER_FILTER_STATUSES } from '@/features/providers/api/provider-rules.ts';

const MONEY = 'tabular-nums whitespace-nowrap';
const FIGURES: DataTableColumn<ProviderListRow>[] = [
  { key: 'deposit', header: t.list.columns.deposit, align: 'right', className: MONEY, sortKey: 'deposit', cell: (row) => formatVnd(row.deposit) },
  { key: 'earnings', header: t.list.columns.totalEarnings, align: 'right', className: MONEY, sortKey: 'total_earnings', cell: (row) => formatVnd(row.total_earnings) },
];
// The bulk action bar (and the ban's confirmation) arrives when rows are first selected.
const ProviderBulkActions = lazyBulkBar(() =>
  import('@/features/providers/components/provider-bulk-actions.tsx').then((module) => module.ProviderBulkActions),
);
const STATUS_OPTIONS = PROVIDER_FILTER_STATUSES.map((status) => ({ value: status, label: statusLabel('provider', status) }));

export default function ProvidersListPage() {
  return (
    <ProfilesList
      texts={t.list}
      entity="provider"
      detailPath="/admin/providers"
      figures={FIGURES}
      statusOptions={STATUS_OPTIONS}
      allowed={PROVIDER_LIST_ALLOWED}
      query={providersQueryOptions}
      bulk={(selection) => <ProviderBulkActions selection={selection} />}
    />
  );
}
