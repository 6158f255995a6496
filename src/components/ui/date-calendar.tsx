// The calendar popover of a date field (date-field.tsx), loaded the first time one opens:
// react-day-picker with date-fns' Vietnamese locale (month and day names, weeks from Monday). The
// keyboard is react-day-picker's (arrows move by day and week, Page Up / Down by month, Enter picks);
// Escape closes and gives the focus back to the button; a click or the focus elsewhere closes it.
import { useEffect, useRef } from 'react';
import { DayPicker } from 'react-day-picker';
import { vi } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { dateField as t } from '@/lib/messages/date-field.ts';
import type { CalendarProps } from './date-field.tsx';

/** 'yyyy-mm-dd' as a local Date of that calendar day (what react-day-picker works with). */
function toLocalDay(value: string | undefined): Date | undefined {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return undefined;
  const date = new Date(2000, Number(match[2]) - 1, Number(match[3]));
  date.setFullYear(Number(match[1]));
  return date;
}

const pad = (value: number) => String(value).padStart(2, '0');
const toIsoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function DateCalendar({ label, value, min, max, onPick, onClose }: CalendarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const popover = ref.current;
      // The button toggles the popover itself.
      const button = popover?.previousElementSibling;
      if (event.target instanceof Node && !popover?.contains(event.target) && !button?.contains(event.target)) onCloseRef.current(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const selected = toLocalDay(value);
  const before = toLocalDay(min);
  const after = toLocalDay(max);
  const disabled = [...(before ? [{ before }] : []), ...(after ? [{ after }] : [])];

  return (
    <div
      ref={ref}
      role="dialog"
      aria-label={t.calendar(label)}
      className="absolute top-full right-0 z-40 mt-1 rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg [--rdp-accent-background-color:var(--color-teal-50)] [--rdp-accent-color:var(--color-teal-700)] [--rdp-day-height:2.25rem] [--rdp-day-width:2.25rem] [--rdp-day_button-height:2.25rem] [--rdp-day_button-width:2.25rem]"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose(true);
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        const button = ref.current?.previousElementSibling;
        if (next instanceof Node && (ref.current?.contains(next) || button?.contains(next))) return;
        if (next !== null) onClose(false);
      }}
    >
      <DayPicker
        mode="single"
        locale={vi}
        weekStartsOn={1}
        autoFocus
        selected={selected}
        defaultMonth={selected ?? before ?? new Date()}
        disabled={disabled}
        onSelect={(day) => {
          if (day) onPick(toIsoDay(day));
        }}
      />
    </div>
  );
}
