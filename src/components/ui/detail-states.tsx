// The states of a detail screen around its record: loading, a load error with "Thử lại" (a 404
// said as the screen's own not-found text), a record that does not exist (with a way back to the
// list), then the record itself. Also the not-found card of a page of its own. Apart from
// states.tsx, which every screen loads.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { listReturnHref } from '@/lib/lists/list-return.ts';
import { useDocumentTitle } from '@/lib/format/use-document-title.ts';
import { buttonClassName } from './button.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';

export interface DetailQuery<T> {
  data: T | null | undefined;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function DetailStates<T>({
  query,
  loadFailed,
  notFound,
  back,
  children,
}: {
  query: DetailQuery<T>;
  loadFailed: string;
  notFound: string;
  /** The list to go back to when the record does not exist (as the admin left it). */
  back: { to: string; label: string };
  children: (record: T) => ReactNode;
}) {
  if (query.isLoading) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        title={loadFailed}
        error={query.error}
        context={{ action: 'load', notFound }}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data === null || query.data === undefined) {
    return (
      <EmptyState
        title={notFound}
        action={
          <Link to={listReturnHref(back.to)} className={buttonClassName('secondary')}>
            {back.label}
          </Link>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** A record that does not exist, in place of its page: the title (the browser tab's too) and a way back. */
export function NotFoundState({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div role="alert" className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white p-8 text-center">
      <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
