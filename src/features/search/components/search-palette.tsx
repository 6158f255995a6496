// The search palette (docs/screens.md#global-search), loaded by search-launcher.tsx when first opened:
// a Radix dialog holding a combobox (the text) and its listbox (the results, grouped: Đơn hàng /
// Khách hàng / Nhà cung cấp). The focus stays in the text box; the arrows move the active option
// (aria-activedescendant), Enter opens it, Escape closes, and the launcher puts the focus back.
// The query waits 200 ms after the last key and keeps the previous results while the next load.
import * as RadixDialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchPalette as t } from '@/lib/messages/search.ts';
import { SEARCH_TEXT_MAX, SEARCH_TEXT_MIN, adminSearchQueryOptions, searchText } from '@/features/search/api/admin-search.ts';
import { searchOptions, type GroupKey, type SearchOption as Option } from './search-options.ts';

const GROUPS: readonly GroupKey[] = ['bookings', 'customers', 'providers'];
const DEBOUNCE_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog closed: the launcher puts the focus back where it was. */
  onClosed: () => void;
}

export default function SearchPalette({ open, onOpenChange, onClosed }: SearchPaletteProps) {
  const [typed, setTyped] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const navigate = useNavigate();
  const listboxId = useId();
  const optionId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const text = searchText(useDebounced(typed, DEBOUNCE_MS));
  const enoughText = [...text].length >= SEARCH_TEXT_MIN;
  const query = useQuery({ ...adminSearchQueryOptions(text), placeholderData: keepPreviousData });
  const answer = enoughText ? query.data : undefined;
  const options = useMemo(() => (answer ? searchOptions(answer, text) : []), [answer, text]);

  // A new answer starts at its first option.
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (shownAnswer !== answer) {
    setShownAnswer(answer);
    setActiveIndex(0);
  }
  const active = options.length > 0 ? Math.min(activeIndex, options.length - 1) : -1;
  const activeOption = active >= 0 ? options[active] : undefined;
  const idOf = (index: number) => `${optionId}-${index}`;

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[id="${CSS.escape(idOf(active))}"]`)?.scrollIntoView({ block: 'nearest' });
    // idOf depends on optionId only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, optionId]);

  function choose(option: Option) {
    onOpenChange(false);
    setTyped('');
    void navigate(option.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + options.length) % options.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActiveIndex(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActiveIndex(options.length - 1);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    }
  }

  const tooLong = [...typed.trim()].length > SEARCH_TEXT_MAX;
  const loading = enoughText && (query.isPending || (query.isFetching && query.isPlaceholderData));
  let status: ReactNode;
  if (tooLong) status = t.tooLong(SEARCH_TEXT_MAX);
  else if (!enoughText) status = t.typeMore;
  else if (query.isError) status = t.failed;
  else if (loading && options.length === 0) status = t.searching;
  else if (answer && options.length === 0) status = t.noResults(text);
  else status = t.resultCount(options.filter((option) => !option.more).length);

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setTyped('');
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed top-[10vh] left-1/2 z-50 flex max-h-[80vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-lg bg-white shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">{t.dialogTitle}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{t.dialogDescription}</RadixDialog.Description>
          <div className="flex items-center gap-2 border-b border-slate-200 px-3">
            <Search className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            <input
              type="text"
              role="combobox"
              aria-label={t.inputLabel}
              aria-expanded={options.length > 0}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption ? idOf(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={SEARCH_TEXT_MAX}
              value={typed}
              placeholder={t.placeholder}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={onKeyDown}
              className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-400 focus:outline-none"
            />
            <RadixDialog.Close
              className="rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
              aria-label={t.close}
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <p role="status" aria-live="polite" className="px-4 pt-2 text-xs text-slate-500">
            {status}
          </p>
          <div ref={listRef} id={listboxId} role="listbox" aria-label={t.resultsLabel} className={clsx('overflow-y-auto px-2 pb-2', loading && 'opacity-60')}>
            {GROUPS.map((group) => {
              const inGroup = options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group);
              if (inGroup.length === 0) return null;
              const headingId = `${listboxId}-${group}`;
              return (
                <div key={group} role="group" aria-labelledby={headingId} className="pt-2">
                  <div id={headingId} role="presentation" className="px-2 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {t.groups[group]}
                  </div>
                  {inGroup.map(({ option, index }) => (
                    <div
                      key={option.key}
                      id={idOf(index)}
                      role="option"
                      aria-selected={index === active}
                      onMouseMove={() => {
                        if (index !== active) setActiveIndex(index);
                      }}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                      className={clsx(
                        'cursor-pointer rounded-md px-2 py-2 text-sm',
                        index === active ? 'bg-teal-700 text-white' : 'text-slate-800',
                        option.more && 'text-xs font-medium',
                      )}
                    >
                      <div className={clsx('break-words', !option.more && 'font-medium')}>{option.title}</div>
                      {option.detail ? (
                        <div className={clsx('text-xs break-words', index === active ? 'text-teal-50' : 'text-slate-500')}>{option.detail}</div>
                      ) : null}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
          <p className="border-t border-slate-200 px-4 py-2 text-xs text-slate-500" aria-hidden="true">
            {t.hint}
          </p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
