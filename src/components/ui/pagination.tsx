// Server-side pagination: 50 rows a page unless the admin chooses 20 or 100 (`?size=`,
// docs/decisions.md#lists-on-the-server); first / previous / pages current±2 / next / last;
// "Hiển thị X–Y trên Z"; the page size select when the list offers it.
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { common } from '@/lib/messages/common.ts';
import { PAGE_SIZE, PAGE_SIZES } from '@/lib/lists/paging.ts';
import { pageSizeTexts } from '@/lib/messages/page-size.ts';

export const PAGE_WINDOW_RADIUS = 2;

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** Page numbers from current−2 to current+2, clamped to 1…totalPages. */
export function paginationWindow(page: number, totalPages: number, radius: number = PAGE_WINDOW_RADIUS): number[] {
  const last = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), last);
  const start = Math.max(1, current - radius);
  const end = Math.min(last, current + radius);
  const pages: number[] = [];
  for (let p = start; p <= end; p += 1) pages.push(p);
  return pages;
}

/** The 1-based first and last row numbers shown on a page (0/0 when empty). */
export function pageBounds(page: number, total: number, pageSize: number = PAGE_SIZE): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = Math.min(Math.max(1, page), pageCount(total, pageSize));
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize) };
}

/** "Hiển thị X–Y trên Z"; with `approximate`, the total is the planner's estimate ("trên khoảng Z"). */
export function rangeText(page: number, total: number, pageSize: number = PAGE_SIZE, approximate = false): string {
  const { from, to } = pageBounds(page, total, pageSize);
  if (total <= 0) return common.pagination.none;
  return approximate ? common.pagination.rangeApprox(from, to, total) : common.pagination.range(from, to, total);
}

export interface PaginationProps {
  page: number;
  total: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** Disable the controls while a page loads. */
  disabled?: boolean;
  /** The total is an estimate (large result sets): the range text says "khoảng". */
  approximate?: boolean;
  /** Pages the list can open (deep lists: docs/search.md#deep-pages); others are not offered. All by default. */
  reachable?: (page: number) => boolean;
  /** With it, a "Số dòng mỗi trang" select (PAGE_SIZES) reports the chosen size. */
  onPageSizeChange?: (pageSize: number) => void;
  className?: string;
}

function PageSizeSelect({ value, onChange }: { value: number; onChange: (pageSize: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id}>{pageSizeTexts.label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {pageSizeTexts.option(size)}
          </option>
        ))}
      </select>
    </div>
  );
}

function NavButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="inline-flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}

export function Pagination({
  page,
  total,
  pageSize = PAGE_SIZE,
  onPageChange,
  disabled = false,
  approximate = false,
  reachable = () => true,
  onPageSizeChange,
  className,
}: PaginationProps) {
  const totalPages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const pages = paginationWindow(current, totalPages).filter((p) => p === current || reachable(p));
  const atStart = current <= 1;
  const atEnd = current >= totalPages;
  const iconClass = 'size-4';
  return (
    <div className={clsx('flex flex-wrap items-center justify-between gap-3 py-3', className)}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-slate-600" aria-live="polite">
          {rangeText(current, total, pageSize, approximate)}
        </p>
        {onPageSizeChange ? <PageSizeSelect value={pageSize} onChange={onPageSizeChange} /> : null}
      </div>
      <nav aria-label={common.pagination.label}>
        <ul className="flex items-center gap-1">
          <li>
            <NavButton label={common.pagination.first} onClick={() => onPageChange(1)} disabled={disabled || atStart}>
              <ChevronsLeft className={iconClass} aria-hidden="true" />
            </NavButton>
          </li>
          <li>
            <NavButton
              label={common.pagination.previous}
              onClick={() => onPageChange(current - 1)}
              disabled={disabled || atStart || !reachable(current - 1)}
            >
              <ChevronLeft className={iconClass} aria-hidden="true" />
            </NavButton>
          </li>
          {pages.map((p) => (
            <li key={p}>
              <button
                type="button"
                onClick={() => onPageChange(p)}
                disabled={disabled && p !== current}
                aria-label={common.pagination.page(p)}
                aria-current={p === current ? 'page' : undefined}
                className={clsx(
                  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-teal-700',
                  p === current
                    ? 'border-teal-700 bg-teal-700 font-semibold text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {p}
              </button>
            </li>
          ))}
          <li>
            <NavButton label={common.pagination.next} onClick={() => onPageChange(current + 1)} disabled={disabled || atEnd || !reachable(current + 1)}>
              <ChevronRight className={iconClass} aria-hidden="true" />
            </NavButton>
          </li>
          <li>
            <NavButton label={common.pagination.last} onClick={() => onPageChange(totalPages)} disabled={disabled || atEnd || !reachable(totalPages)}>
              <ChevronsRight className={iconClass} aria-hidden="true" />
            </NavButton>
          </li>
        </ul>
      </nav>
    </div>
  );
}
