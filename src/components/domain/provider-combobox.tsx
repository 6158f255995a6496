// The combobox of the provider filter (provider-picker.tsx loads it after the list's first paint): it searches
// providers by name on the server as the admin types (accents ignored, Vietnamese order, 20 at a
// time, never all of them), with a "type to search" hint; the chosen provider's name is read by id.
// Arrow keys move, Enter picks, Escape closes; Tab closes the list and goes on to the next control (the
// list is never in the Tab order: as a scrollable box Chromium would give it the focus, and it
// disappears when the input loses it, leaving the focus on <body>). The typed text is bounded
// (SEARCH_MAX_LENGTH).
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Highlight } from '@/components/ui/highlight.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SEARCH_MAX_LENGTH } from '@/lib/input/search-length.ts';
import { common } from '@/lib/messages/common.ts';
import { useProviderOption } from '@/api/provider-option-query.ts';
import { useProviderOptions, type ProviderOption } from '@/api/provider-options-query.ts';

const t = common.providerPicker;

export interface ProviderPickerProps {
  value: string;
  onChange: (providerId: string) => void;
}

export default function ProviderCombobox({ value, onChange }: ProviderPickerProps) {
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const selected = useProviderOption(value);
  const options = useProviderOptions(term, open);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text), 250);
    return () => clearTimeout(timer);
  }, [text]);

  // Index 0 is "all providers"; 1… are the search results.
  const choices: (ProviderOption | null)[] = [null, ...(options.data ?? [])];
  const activeIndex = Math.min(active, choices.length - 1);

  function pick(choice: ProviderOption | null) {
    onChange(choice?.id ?? '');
    setOpen(false);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, choices.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open) pick(choices[activeIndex] ?? null);
      else setOpen(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
      setText('');
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setText('');
      }
    }
  }

  const selectedName = value === '' ? '' : (selected.data?.name ?? '');
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="relative min-w-56 flex-1">
      <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-slate-600">
        {t.label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={hintId}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          value={open ? text : selectedName}
          placeholder={value === '' ? t.all : t.search}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setActive(1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setText('');
          }}
          className="h-10 w-full rounded-md border border-slate-300 bg-white pr-9 pl-3 text-sm focus:outline-2 focus:outline-teal-600"
        />
        {value !== '' ? (
          <button
            type="button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(null)}
            aria-label={t.clear}
            title={t.clear}
            className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <p id={hintId} className="sr-only">
        {t.hint}
      </p>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={t.label}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {choices.map((choice, index) => (
            <li
              key={choice?.id ?? 'all'}
              id={optionId(index)}
              role="option"
              aria-selected={choice === null ? value === '' : choice.id === value}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(choice)}
              onMouseEnter={() => setActive(index)}
              className={clsx(
                'cursor-pointer px-3 py-1.5',
                index === activeIndex ? 'bg-teal-50 text-teal-900' : 'text-slate-800',
                choice === null && 'border-b border-slate-100 font-medium',
              )}
            >
              {choice === null ? (
                <>
                  {t.all}
                  <span className="ml-2 text-xs font-normal text-slate-500" aria-hidden="true">
                    {t.hint}
                  </span>
                </>
              ) : (
                <>
                  <Highlight text={choice.name} term={term} />
                  {choice.phone ? <span className="ml-2 text-xs text-slate-500">{choice.phone}</span> : null}
                </>
              )}
            </li>
          ))}
          {options.isFetching ? (
            <li role="presentation" className="flex items-center gap-2 px-3 py-1.5 text-slate-500">
              <Spinner className="size-4" /> {t.searching}
            </li>
          ) : options.isError ? (
            <li role="presentation" className="px-3 py-1.5 text-red-700">
              {t.loadFailed}
            </li>
          ) : (options.data ?? []).length === 0 ? (
            <li role="presentation" className="px-3 py-1.5 text-slate-500">
              {t.noMatch}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
