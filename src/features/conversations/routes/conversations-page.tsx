// /admin/manage-conversations: provider / customer name, status and time filters in the URL; one
// page of conversations from the server, latest message first or sorted by a header (in the URL);
// the booking id opens the messages; the searched names are marked.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { DataTableColumn } from '@/components/ui/data-table.tsx';
import { Highlight } from '@/components/ui/highlight.tsx';
import { ListPageHeader, ListTable, listViewProps, useListPaging } from '@/components/ui/paged-table.tsx';
import { FilterBar, SearchInput, SelectFilter, TimeRangeFilter } from '@/components/ui/filter-bar.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { formatDateTime, isTimeRange, shortBookingId } from '@/lib/format/format.ts';
import { conversations as t } from '@/lib/messages/conversations.ts';
import { listView } from '@/lib/lists/paging.ts';
import { useUrlState } from '@/lib/lists/url-state.ts';
import { CONVERSATION_STATUS_CHOICES, CONVERSATIONS_URL_DEFAULTS as DEFAULTS, CONVERSATIONS_URL_OPTIONS as URL_OPTIONS, conversationFiltersOf } from '@/features/conversations/api/conversations-url.ts';
import type { ConversationFilters } from '@/features/conversations/api/conversation-filters.ts';
import { conversationKeys } from '@/features/conversations/api/keys.ts';
import { useConversations, type ConversationRow } from '@/features/conversations/api/conversations-query.ts';
import { previewLastMessage } from '@/features/conversations/api/message-preview.ts';

const DEFAULT_SORT = 'last_message_at.desc';
const STATUS_OPTIONS = CONVERSATION_STATUS_CHOICES.map((value) => ({ value, label: t.status[value] }));

const columns = (search: { provider: string; customer: string }): readonly DataTableColumn<ConversationRow>[] => [
  {
    key: 'booking',
    header: t.columns.bookingId,
    cell: (row) => (
      <Link
        to={`/admin/messages/${row.booking_id}`}
        title={row.booking_id}
        className="font-mono whitespace-nowrap text-teal-800 hover:underline"
        aria-label={t.openMessages(`#${shortBookingId(row.booking_id)}`)}
      >
        #{shortBookingId(row.booking_id)}
      </Link>
    ),
  },
  { key: 'provider', header: t.columns.provider, cell: (row) => <Highlight text={row.provider_name ?? t.unknown} term={search.provider} /> },
  { key: 'customer', header: t.columns.customer, cell: (row) => <Highlight text={row.customer_name ?? t.unknown} term={search.customer} /> },
  {
    key: 'status',
    header: t.columns.status,
    cell: (row) => <StatusBadge entity="conversation" status={row.is_active ? 'active' : 'completed'} />,
  },
  {
    key: 'last',
    header: t.columns.lastMessage,
    cell: (row) => (
      <span className={row.last_message ? 'text-slate-800' : 'text-slate-600 italic'} title={row.last_message ?? undefined}>
        {previewLastMessage(row.last_message)}
      </span>
    ),
  },
  {
    key: 'time',
    header: t.columns.time,
    className: 'whitespace-nowrap',
    sortKey: 'last_message_at',
    cell: (row) => formatDateTime(row.last_message_at ?? row.created_at),
  },
];

export default function ConversationsPage() {
  const [state, setState, reset] = useUrlState(DEFAULTS, URL_OPTIONS);
  const filters: ConversationFilters = useMemo(() => conversationFiltersOf(state), [state]);
  const list = useConversations(filters, listView(state));
  useListPaging(list, state.page, setState);

  const anyFilter = Boolean(filters.provider || filters.customer || filters.status || filters.time !== 'all');
  return (
    <div>
      <ListPageHeader texts={t} queryKey={conversationKeys.lists()} />
      <FilterBar {...(anyFilter ? { onClear: reset } : {})}>
        <SearchInput
          label={t.filters.provider}
          value={state.provider}
          placeholder={t.filters.providerPlaceholder}
          onChange={(provider) => setState({ provider }, { replace: true })}
        />
        <SearchInput
          label={t.filters.customer}
          value={state.customer}
          placeholder={t.filters.customerPlaceholder}
          onChange={(customer) => setState({ customer }, { replace: true })}
        />
        <SelectFilter label={t.filters.status} value={state.status} allLabel={t.status.all} options={STATUS_OPTIONS} onChange={(status) => setState({ status })} />
        <TimeRangeFilter value={isTimeRange(state.time) ? state.time : 'all'} onChange={(time) => setState({ time })} />
      </FilterBar>
      <ListTable list={list} texts={t} filtered={anyFilter} columns={columns(filters)} {...listViewProps(state, setState, DEFAULT_SORT, (state.provider + state.customer).trim() !== '')} />
    </div>
  );
}
