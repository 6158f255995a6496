// Dates shown and typed as dd/mm/yyyy and times as 24-hour hh:mm whatever the browser's language
// (docs/screens.md#keyboard), instead of <input type="date"> / "datetime-local", which follow the
// browser's locale (mm/dd/yyyy and 12-hour time under an English Chrome). Values stay ISO: 'yyyy-mm-dd'
// or 'yyyy-mm-ddThh:mm' (a Vietnam wall-clock time), as in the URL and the forms.
// - DateField: a text input that reads what is typed by hand ("5/3/2026", "05/03/2026 14:30"), plus
//   CalendarButton. It reports a value as soon as the text is a whole date, '' when emptied, and on
//   leaving the field (or Enter) the text as typed when it is not a date, so that the caller's own
//   check says what is wrong with it (the filters' "not a day" line, a form's message).
// - parseTypedDate / formatDateForField (date-text.ts): typed text ↔ ISO.
// - CalendarButton: opens a calendar (react-day-picker with date-fns' Vietnamese locale, weeks from
//   Monday) in a popover; its code and styles load on the first open (date-calendar.tsx), so the
//   field adds no library to a screen's cold download. Screens load this module itself lazily too
//   (filter-bar.tsx's DateFilter, the promotion expiry), so a screen's first paint carries neither.
import clsx from 'clsx';
import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { dateField as t } from '@/lib/messages/date-field.ts';
import { formatDateForField, parseTypedDate } from './date-text.ts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

export interface CalendarProps {
  /** The field's name, e.g. "Từ ngày": names the calendar. */
  label: string;
  /** The chosen day, 'yyyy-mm-dd' or ''. */
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onPick: (day: string) => void;
  /** `returnFocus`: Escape (the focus goes back to the button), not a click elsewhere. */
  onClose: (returnFocus: boolean) => void;
}

const loadCalendar = () => import('./date-calendar.tsx');
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.DateCalendar })));

export interface CalendarButtonProps {
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  disabled?: boolean;
  onPick: (day: string) => void;
}

/** The calendar button of a date field and its popover (a dialog; Escape closes it and gives the focus back). */
export function CalendarButton({ label, value, min, max, disabled = false, onPick }: CalendarButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        disabled={disabled}
        aria-label={t.openCalendar(label)}
        title={t.openCalendar(label)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadCalendar()}
        onClick={() => setOpen((was) => !was)}
        className="absolute top-1/2 right-1 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:opacity-40"
      >
        <CalendarDays className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <Suspense
          fallback={
            <span role="status" className="absolute top-full right-0 z-40 mt-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg">
              {t.loading}
            </span>
          }
        >
        <Calendar
          label={label}
          value={value}
          min={min}
          max={max}
          onPick={(day) => {
            setOpen(false);
            onPick(day);
            buttonRef.current?.focus();
          }}
          onClose={(returnFocus) => {
            setOpen(false);
            if (returnFocus) buttonRef.current?.focus();
          }}
        />
        </Suspense>
      ) : null}
    </>
  );
}

export interface DateFieldProps {
  id?: string;
  /** The field's visible label (also names the calendar button). */
  label: string;
  /** 'yyyy-mm-dd' (or with `withTime` 'yyyy-mm-ddThh:mm'), '' for none; other text is shown as it is. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  withTime?: boolean;
  /** The time a day picked on the calendar (or typed alone) takes when the value has none yet, 'hh:mm'. */
  defaultTime?: string;
  /** Bounds of the calendar, 'yyyy-mm-dd'. */
  min?: string | undefined;
  max?: string | undefined;
  disabled?: boolean;
  name?: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
  className?: string;
  inputClassName?: string;
}

export function DateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  withTime = false,
  defaultTime = '00:00',
  min,
  max,
  disabled = false,
  name,
  className,
  inputClassName,
  ...aria
}: DateFieldProps) {
  const [text, setText] = useState(() => formatDateForField(value, withTime));
  const [lastValue, setLastValue] = useState(value);
  // A value changed from outside (the URL, "clear filters", a form reset): show it, unless it is
  // what the text already says.
  if (value !== lastValue) {
    setLastValue(value);
    if (parseTypedDate(text, withTime, defaultTime) !== value) setText(formatDateForField(value, withTime));
  }

  function report(typed: string, final: boolean) {
    const trimmed = typed.trim();
    if (trimmed === '') {
      if (value !== '') onChange('');
      return;
    }
    const iso = parseTypedDate(trimmed, withTime, defaultTime);
    if (iso !== null) {
      if (iso !== value) onChange(iso);
    } else if (final && trimmed !== value) {
      onChange(trimmed);
    }
  }

  const clock = withTime ? ISO_DAY_TIME.exec(value) : null;
  return (
    <div className={clsx('relative', className)}>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={withTime ? t.placeholderTime : t.placeholder}
        maxLength={withTime ? 24 : 16}
        value={text}
        disabled={disabled}
        {...aria}
        onChange={(event) => {
          setText(event.target.value);
          report(event.target.value, false);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') report(text, true);
        }}
        onBlur={() => {
          report(text, true);
          onBlur?.();
        }}
        className={clsx('pr-10', inputClassName)}
      />
      <CalendarButton
        label={label}
        value={ISO_DAY.test(value.slice(0, 10)) ? value.slice(0, 10) : ''}
        min={min}
        max={max}
        disabled={disabled}
        onPick={(day) => {
          const next = withTime ? `${day}T${clock ? `${clock[4]}:${clock[5]}` : defaultTime}` : day;
          setText(formatDateForField(next, withTime));
          onChange(next);
        }}
      />
    </div>
  );
}
