// Filter primitives for list screens. Each has a visible label. SearchInput waits 300 ms after the
// last keystroke before reporting (so typing does not fire a query per letter). Below 640 px the
// filters fold behind one "Bộ lọc (n)" button, n the number of filters set (each filter reports
// whether it is set with useFilterActive), and the button unfolds them (docs/screens.md#phones).
import clsx from 'clsx';
import { Search, SlidersHorizontal } from 'lucide-react';
import {
  Children,
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { SEARCH_MAX_LENGTH } from '@/lib/input/search-length.ts';
import { invalidPeriodDays, reversedPeriod } from '@/lib/lists/finance-filters.ts';
import { TIME_RANGES, formatDate, isIsoDay, isTimeRange, type TimeRange } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { Button } from './button.tsx';
import type { SelectOption } from './form-controls.tsx';
import { SavedViewsMenu } from './saved-views.tsx';

const controlClass =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-teal-600';

export interface FilterBarProps {
  children: ReactNode;
  /** Shows a "Xóa bộ lọc" button. */
  onClear?: () => void;
  /** Extra buttons at the end (e.g. refresh). */
  actions?: ReactNode;
  className?: string;
  label?: string;
}

/** Where the filters of a FilterBar report whether they are set (their id → set). */
const ActiveFiltersContext = createContext<((id: string, active: boolean) => void) | null>(null);

/**
 * Counts this filter in its FilterBar's "Bộ lọc (n)" while `active` (set to something other than
 * its default). The filters of this file call it; a filter built elsewhere calls it too.
 */
export function useFilterActive(active: boolean): void {
  const report = useContext(ActiveFiltersContext);
  const id = useId();
  useLayoutEffect(() => {
    report?.(id, active);
  }, [report, id, active]);
  useLayoutEffect(() => () => report?.(id, false), [report, id]);
}

export function FilterBar({ children, onClear, actions, className, label = common.actions.search }: FilterBarProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((id: string, isActive: boolean) => {
    setActive((current) => {
      if (current.has(id) === isActive) return current;
      const next = new Set(current);
      if (isActive) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // One filter (a lone search box) stays in view; two or more fold behind the button on a phone.
  const foldable = Children.toArray(children).length > 1;
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event: FormEvent) => event.preventDefault()}
      className={clsx('mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3', className)}
    >
      {foldable ? (
        <Button
          variant="secondary"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
          onClick={() => setOpen((value) => !value)}
        >
          {common.filters.toggle(active.size)}
        </Button>
      ) : null}
      <ActiveFiltersContext.Provider value={report}>
        {/* From 640 px the wrapper is `display: contents`: the filters sit in the bar's own row as before. */}
        <div
          id={panelId}
          className={clsx(
            'w-full flex-col gap-3 max-sm:order-2 sm:contents',
            foldable && !open ? 'hidden' : 'flex',
          )}
        >
          {children}
        </div>
      </ActiveFiltersContext.Provider>
      <div className="ml-auto flex items-end gap-2 max-sm:order-1">
        {onClear ? (
          <Button variant="ghost" onClick={onClear}>
            {common.actions.clearFilters}
          </Button>
        ) : null}
        {actions}
        <SavedViewsMenu />
      </div>
    </form>
  );
}

export interface SearchFilterBarProps {
  /** A filter is set: offer "Xóa bộ lọc". */
  filtered: boolean;
  onClear: () => void;
  texts: { search: string; searchPlaceholder: string };
  search: string;
  /** Typing replaces the URL entry rather than adding one per search. */
  onSearch: (search: string, setOptions: { replace: true }) => void;
  children?: ReactNode;
}

/** The FilterBar of a list screen that starts with its free-text search, then the screen's own filters. */
export function SearchFilterBar({ filtered, onClear, texts, search, onSearch, children }: SearchFilterBarProps) {
  return (
    <FilterBar {...(filtered ? { onClear } : {})}>
      <SearchInput label={texts.search} value={search} placeholder={texts.searchPlaceholder} onChange={(value) => onSearch(value, { replace: true })} />
      {children}
    </FilterBar>
  );
}

function FilterLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-xs font-medium text-slate-600">
      {children}
    </label>
  );
}

export interface SearchInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Milliseconds to wait after typing; 0 reports every change. */
  debounceMs?: number;
  className?: string;
}

export function SearchInput({ label, value, onChange, placeholder, debounceMs = 300, className }: SearchInputProps) {
  const id = useId();
  useFilterActive(value !== '');
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The URL changed from outside (back button, "clear filters"): show it.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function update(next: string) {
    setDraft(next);
    clearTimeout(timer.current);
    if (debounceMs <= 0) onChangeRef.current(next);
    else timer.current = setTimeout(() => onChangeRef.current(next), debounceMs);
  }

  return (
    <div className={clsx('min-w-48 flex-1', className)}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          onChange={(event) => update(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              clearTimeout(timer.current);
              onChangeRef.current(draft);
            }
          }}
          className={clsx(controlClass, 'pl-8')}
        />
      </div>
    </div>
  );
}

export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** First option with value '' ('Tất cả' by default); pass null for none. */
  allLabel?: string | null;
  className?: string;
}

export function SelectFilter({ label, value, onChange, options, allLabel = common.filters.all, className }: SelectFilterProps) {
  const id = useId();
  useFilterActive(value !== (allLabel !== null ? '' : (options[0]?.value ?? '')));
  return (
    <div className={clsx('min-w-40', className)}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={controlClass}>
        {allLabel !== null ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

// The date field (dd/mm/yyyy typed or picked, components/ui/date-field.tsx) loads after the screen's
// first paint, not with it (docs/architecture.md#lazy-parts): until then a read-only box shows the date.
const LazyDateField = lazy(() => import('./date-field.tsx').then((module) => ({ default: module.DateField })));

/** 'yyyy-mm-dd' as dd/mm/yyyy; other text as it is. */
function fieldText(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : value;
}

export interface DateFilterProps {
  label: string;
  /**
   * yyyy-mm-dd or '' (text that is not a date when the admin typed one: the list leaves it out and says
   * so). Shown and typed as dd/mm/yyyy (DateField). Read it as a Vietnam day with vietnamDayBoundary()
   * from lib/format/format.ts (null for a day that does not exist).
   */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  className?: string;
}

export function DateFilter({ label, value, onChange, min, max, className }: DateFilterProps) {
  const id = useId();
  useFilterActive(value !== '');
  return (
    <div className={clsx('min-w-40', className)}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <Suspense fallback={<input id={id} type="text" readOnly value={fieldText(value)} placeholder={common.filters.datePlaceholder} className={controlClass} />}>
        <LazyDateField id={id} label={label} value={value} min={min} max={max} onChange={onChange} inputClassName={controlClass} />
      </Suspense>
    </div>
  );
}

export interface DateRangeFilterProps {
  labels: { fromDate: string; toDate: string };
  from: string;
  to: string;
  /** Reports the one bound that changed. */
  onChange: (patch: { from: string } | { to: string }) => void;
  /**
   * A period given backwards (from after to, e.g. from the URL) is refused and said so (the finance
   * lists, lib/lists/finance-filters.ts); false where the list reads it the right way round (audit log).
   */
  refuseReversed?: boolean;
}

/**
 * "Từ ngày" / "Đến ngày": two DateFilters, each bounded by the other. A bound that is not a day that
 * exists (?from=2026-02-31 in the URL) shows as empty, the list's query leaves it out
 * (lib/lists/finance-filters.ts), and a line at the end of the filter bar says so; so does a period given
 * backwards, which the finance lists do not apply.
 */
export function DateRangeFilter({ labels, from, to, onChange, refuseReversed = true }: DateRangeFilterProps) {
  const invalid = invalidPeriodDays(from, to);
  const reversed = refuseReversed && reversedPeriod(from, to);
  const validFrom = isIsoDay(from) ? from : '';
  const validTo = isIsoDay(to) ? to : '';
  return (
    <>
      <DateFilter label={labels.fromDate} value={validFrom} max={validTo || undefined} onChange={(value) => onChange({ from: value })} />
      <DateFilter label={labels.toDate} value={validTo} min={validFrom || undefined} onChange={(value) => onChange({ to: value })} />
      {invalid.length > 0 || reversed ? (
        <div role="alert" className="order-last basis-full text-sm break-words text-amber-800">
          {invalid.map((day, index) => (
            <p key={index}>{common.filters.invalidDay(day)}</p>
          ))}
          {reversed ? <p>{common.filters.reversedPeriod(formatDate(from), formatDate(to))}</p> : null}
        </div>
      ) : null}
    </>
  );
}

export interface TimeRangeFilterProps {
  value: TimeRange;
  onChange: (value: TimeRange) => void;
  label?: string;
  className?: string;
}

/** All / today / 7 / 30 / 90 days (docs/product.md#language-money-and-dates). Use timeRangeStart() from lib/format/format.ts. */
export function TimeRangeFilter({ value, onChange, label = common.filters.time, className }: TimeRangeFilterProps) {
  return (
    <SelectFilter
      label={label}
      value={value}
      allLabel={null}
      onChange={(next) => onChange(isTimeRange(next) ? next : 'all')}
      options={TIME_RANGES.map((range) => ({ value: range, label: common.filters.timeRanges[range] }))}
      {...(className ? { className } : {})}
    />
  );
}
