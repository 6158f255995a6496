// The frame of the services and packages screens: title with a refresh button, the search, a load
// error with "Thử lại" (the groups already shown stay), then loading, "nothing in the catalogue",
// "no match for the search", or the groups.
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FilterBar, SearchInput } from '@/components/ui/filter-bar.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { RefreshQueryButton } from '@/components/ui/refresh-button.tsx';
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
  refreshKey,
  children,
  dialog,
}: {
  texts: GroupedCatalogueTexts;
  query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  /** Nothing to group at all (no profession, no service). */
  catalogueEmpty: boolean;
  groupCount: number;
  search: string;
  onSearch: (search: string) => void;
  /** "Làm mới" reloads every query under this key. */
  refreshKey: QueryKey;
  /** The groups (busy while the list reloads). */
  children: ReactNode;
  /** Shown with the groups, e.g. the screen's add / edit dialog. */
  dialog?: ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.error && !query.data) body = null;
  else if (catalogueEmpty) body = <EmptyState title={texts.emptyAll} />;
  else if (search.trim() !== '' && groupCount === 0) body = <EmptyState title={texts.noMatch} />;
  else {
    body = (
      <>
        <div className="space-y-4" aria-busy={query.isFetching || undefined}>
          {children}
        </div>
        {dialog}
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={<RefreshQueryButton queryKey={refreshKey} loading={query.isFetching && !query.isPending} />}
      />
      <FilterBar>
        <SearchInput label={texts.searchLabel} value={search} placeholder={texts.searchPlaceholder} onChange={onSearch} />
      </FilterBar>
      {query.error ? <ErrorState title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} className="mb-4" /> : null}
      {body}
    </div>
  );
}
