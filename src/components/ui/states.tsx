// Loading, empty and error blocks used by every screen. ErrorState turns any error into the
// Vietnamese message (lib/errors/errors.ts) and offers "Thử lại".
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { toVietnameseMessage, type ErrorContext } from '@/lib/errors/errors.ts';
import { common } from '@/lib/messages/common.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

export function LoadingState({ label = common.states.loading, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={clsx('flex items-center justify-center gap-3 py-10 text-slate-600', className)}>
      <Spinner className="size-5 text-teal-700" />
      <span>{label}</span>
    </div>
  );
}

export interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title = common.states.empty, description, action, className }: EmptyStateProps) {
  return (
    <div className={clsx('flex flex-col items-center gap-2 py-10 text-center', className)}>
      <p className="font-medium text-slate-700">{title}</p>
      {description ? <p className="text-sm text-slate-500">{description}</p> : null}
      {action}
    </div>
  );
}

export interface ErrorStateProps {
  /** Heading such as 'Không thể tải danh sách booking'. */
  title?: string;
  /** The error; its Vietnamese message is shown under the title. */
  error?: unknown;
  /** A message to show instead of mapping `error`. */
  message?: string;
  context?: ErrorContext;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

export function ErrorState({
  title = common.states.error,
  error,
  message,
  context = { action: 'load' },
  onRetry,
  retrying = false,
  className,
}: ErrorStateProps) {
  const text = message ?? (error === undefined ? undefined : toVietnameseMessage(error, context));
  return (
    <div
      role="alert"
      className={clsx('flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900', className)}
    >
      <div>
        <p className="font-semibold">{title}</p>
        {text ? <p className="mt-1 text-sm">{text}</p> : null}
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          {common.actions.retry}
        </Button>
      ) : null}
    </div>
  );
}

/** One alert line for a secondary query that failed (e.g. a screen's stat cards): nothing while there is no error. */
export function InlineQueryError({ title, error }: { title: string; error: unknown }) {
  if (!error) return null;
  return <p role="alert" className="mb-3 text-sm text-red-700">{`${title}: ${toVietnameseMessage(error)}`}</p>;
}

export interface QueryStatesProps<T> {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown; data: T | undefined };
  /** The error's title. */
  loadFailed: string;
  /** The retry button spins while this is true. */
  retrying?: boolean;
  /** Shown instead of `children` when the answer is empty (see `isEmpty`; an empty array by default). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** What a query's part of a screen shows: loading, its error with "Thử lại", `empty`, or `children` with the answer. */
export function QueryStates<T>({ query, loadFailed, retrying, empty, isEmpty = emptyArray, children }: QueryStatesProps<T>) {
  if (query.isLoading) return <LoadingState />;
  if (query.isError) {
    return <ErrorState title={loadFailed} error={query.error} onRetry={() => void query.refetch()} {...(retrying === undefined ? {} : { retrying })} />;
  }
  if (query.data === undefined) return empty ?? null;
  if (empty !== undefined && isEmpty(query.data)) return empty;
  return children(query.data);
}
