// The frame of the services and packages screens: title with a refresh button, the search, a load
// error with "Thử lại" (the groups already shown stay), then loading, "nothing in the catalogue",
// "no match for the search", or the groups.
import type { ReactNode } from 'react';
import { FilterBar, SearchInput } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RefreshButton } from '@/components/ui/refresh-button.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states.tsx';

export interface GroupedCatalogueTexts {
  title: string;
  description: string;
  searchLabel: string;
  searchPlaceholder: string;
  loadFailed: string;
  emptyAll: string;
  noMatch: string;
}

export function GroupedCataloguePage({
  texts,
  query,
  catalogueEmpty,
  groupCount,
  search,
  onSearch,
  onRefresh,
  children,
}: {
  texts: GroupedCatalogueTexts;
  query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  /** Nothing to group at all (no profession, no service). */
  catalogueEmpty: boolean;
  groupCount: number;
  search: string;
  onSearch: (search: string) => void;
  onRefresh: () => void;
  /** The groups, and anything the screen adds (a dialog). */
  children: ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.error && !query.data) body = null;
  else if (catalogueEmpty) body = <EmptyState title={texts.emptyAll} />;
  else if (search.trim() !== '' && groupCount === 0) body = <EmptyState title={texts.noMatch} />;
  else body = children;

  return (
    <div>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={<RefreshButton loading={query.isFetching && !query.isPending} onClick={onRefresh} />}
      />
      <FilterBar>
        <SearchInput label={texts.searchLabel} value={search} placeholder={texts.searchPlaceholder} onChange={onSearch} />
      </FilterBar>
      {query.error ? <ErrorState title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} className="mb-4" /> : null}
      {body}
    </div>
  );
}
