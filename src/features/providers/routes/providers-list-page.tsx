// /admin/providers — providers newest first, filtered on the server by name text and status,
// 50 a page; filters and page in the URL.
import { Link } from 'react-router-dom';
import { ProfilesList } from '@/components/domain/profiles-list.tsx';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { StatusBadge, statusLabel } from '@/components/ui/status-badge.tsx';
import { formatDate, formatVnd } from '@/lib/format.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { PAGE_SIZE } from '@/lib/paging.ts';
import {
  PROVIDER_LIST_ALLOWED,
  PROVIDER_LIST_DEFAULTS,
  useProviders,
  type ProviderListFilters,
  type ProviderListRow,
} from '@/features/providers/api/providers-query.ts';
import { PROVIDER_FILTER_STATUSES } from '@/features/providers/api/profile-rules.ts';

const columns: DataTableColumn<ProviderListRow>[] = [
  {
    key: 'name',
    header: t.list.columns.name,
    cell: (row) => (
      <Link to={`/admin/providers/${row.id}`} className="font-medium text-teal-800 hover:underline">
        {row.name}
      </Link>
    ),
  },
  { key: 'phone', header: t.list.columns.phone, cell: (row) => row.phone ?? '—' },
  { key: 'email', header: t.list.columns.email, cell: (row) => row.email ?? '—' },
  { key: 'status', header: t.list.columns.status, cell: (row) => <StatusBadge entity="provider" status={row.status} /> },
  { key: 'deposit', header: t.list.columns.deposit, align: 'right', className: 'tabular-nums whitespace-nowrap', cell: (row) => formatVnd(row.deposit) },
  {
    key: 'earnings',
    header: t.list.columns.totalEarnings,
    align: 'right',
    className: 'tabular-nums whitespace-nowrap',
    cell: (row) => formatVnd(row.total_earnings),
  },
  { key: 'created', header: t.list.columns.createdAt, className: 'whitespace-nowrap', cell: (row) => formatDate(row.created_at) },
];

const statusFilterOptions = PROVIDER_FILTER_STATUSES.map((status) => ({ value: status, label: statusLabel('provider', status) }));

export default function ProvidersListPage() {
  const [filters, setFilters, resetFilters] = useUrlState<ProviderListFilters>(PROVIDER_LIST_DEFAULTS, { allowed: PROVIDER_LIST_ALLOWED });
  const list = useProviders(filters);
  return (
    <ProfilesList
      texts={t.list}
      columns={columns}
      statusOptions={statusFilterOptions}
      filters={filters}
      setFilters={setFilters}
      resetFilters={resetFilters}
      list={list}
      pageSize={PAGE_SIZE}
    />
  );
}
