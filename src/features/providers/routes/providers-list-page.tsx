// /admin/providers — providers newest first or sorted by name, deposit, earnings or date, filtered
// on the server by name-or-e-mail text and status, 50 a page; filters, sort and page in the URL;
// the searched text is marked.
import { Link } from 'react-router-dom';
import { ProfilesList } from '@/components/domain/profiles-list.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { StatusBadge, statusLabel } from '@/components/ui/status-badge.tsx';
import { formatDate, formatVnd } from '@/lib/format.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import {
  PROVIDER_LIST_ALLOWED,
  PROVIDER_LIST_DEFAULT_SORT,
  PROVIDER_LIST_DEFAULTS,
  useProviders,
  type ProviderListFilters,
  type ProviderListRow,
} from '@/features/providers/api/providers-query.ts';
import { PROVIDER_FILTER_STATUSES } from '@/features/providers/api/profile-rules.ts';

const columns = (search: string): DataTableColumn<ProviderListRow>[] => [
  {
    key: 'name',
    header: t.list.columns.name,
    sortKey: 'name',
    cell: (row) => (
      <Link to={`/admin/providers/${row.id}`} className="font-medium text-teal-800 hover:underline">
        <Highlight text={row.name} term={search} />
      </Link>
    ),
  },
  { key: 'phone', header: t.list.columns.phone, className: 'whitespace-nowrap', cell: (row) => row.phone ?? '—' },
  { key: 'email', header: t.list.columns.email, cell: (row) => (row.email ? <Highlight text={row.email} term={search} /> : '—') },
  { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="provider" status={row.status} /> },
  { key: 'deposit', header: t.list.columns.deposit, align: 'right', className: 'tabular-nums whitespace-nowrap', sortKey: 'deposit', cell: (row) => formatVnd(row.deposit) },
  {
    key: 'earnings',
    header: t.list.columns.totalEarnings,
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    sortKey: 'total_earnings',
    cell: (row) => formatVnd(row.total_earnings),
  },
  { key: 'created', header: t.list.columns.createdAt, className: 'whitespace-nowrap', sortKey: 'created_at', cell: (row) => formatDate(row.created_at) },
];

const statusFilterOptions = PROVIDER_FILTER_STATUSES.map((status) => ({ value: status, label: statusLabel('provider', status) }));

export default function ProvidersListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<ProviderListFilters>(PROVIDER_LIST_DEFAULTS, { allowed: PROVIDER_LIST_ALLOWED });
  const list = useProviders(filters);
  return (
    <ProfilesList
      texts={t.list}
      columns={columns(filters.q)}
      defaultSort={PROVIDER_LIST_DEFAULT_SORT}
      statusOptions={statusFilterOptions}
      filters={filters}
      setFilters={setFilters}
      resetFilters={resetFilters}
      list={list}
      pageSize={PAGE_SIZE}
    />
  );
}
