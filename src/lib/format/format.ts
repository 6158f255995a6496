// Money, numbers and time in Vietnamese (docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time):
// Intl's vi-VN formatters, VND without decimals, dates and times in the Asia/Ho_Chi_Minh zone whatever
// zone the browser runs in; and the one implementation of Vietnam calendar time the app uses (a
// yyyy-mm-dd day or a datetime-local value typed in Vietnam time read as an instant, the start of a
// Vietnam day, today's date in Vietnam).

const LOCALE = 'vi-VN';
const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** Vietnam has no daylight saving: always UTC+7. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A formatter made on first use and kept for every later call: a formatter's locale data costs
 * milliseconds to load, so none is made as the module loads and none is made twice.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const vndFormat = once(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }));
const compactFormat = once(() => new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 }));
const numberFormats = new Map<number, Intl.NumberFormat>();
const vietnamZone = { timeZone: VIETNAM_TIME_ZONE } as const;
const dateFormat = once(() => new Intl.DateTimeFormat(LOCALE, { ...vietnamZone, day: '2-digit', month: '2-digit', year: 'numeric' }));
const timeFormat = once(() => new Intl.DateTimeFormat(LOCALE, { ...vietnamZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const longDateFormat = once(() => new Intl.DateTimeFormat(LOCALE, { ...vietnamZone, day: 'numeric', month: 'long', year: 'numeric' }));
const relativeFormat = once(() => new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));

/** vi-VN number with at most `maxFractionDigits` decimals; one formatter per number of decimals. */
function numberFormat(maxFractionDigits: number): Intl.NumberFormat {
  let format = numberFormats.get(maxFractionDigits);
  if (format === undefined) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(maxFractionDigits, format);
  }
  return format;
}

/**
 * 1234567 → "1.234.567 ₫" (a no-break space before the đồng sign), rounded by Intl (half away from
 * zero: -2.5 → "-3 ₫"). Empty text for missing or non-numeric values.
 */
export function formatVnd(amount: number | string | bigint | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  if (typeof amount === 'bigint') return vndFormat().format(amount);
  const value = Number(amount);
  return Number.isFinite(value) ? vndFormat().format(value) : '';
}

/** Plain vi-VN number, at most two decimals (or `maxFractionDigits`): 1234.5 → "1.234,5". */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return numberFormat(maxFractionDigits).format(value);
}

/** Percent as typed by admins: 12.5 → "12,5%". */
export function formatPercent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? `${numberFormat(2).format(n)}%` : '';
}

/** vi-VN compact notation, at most one decimal (chart axis ticks): 1500000 → "1,5 Tr". */
export function formatCompactNumber(value: number): string {
  return Number.isFinite(value) ? compactFormat().format(value) : '';
}

/** "22/11/2026" in Vietnam time. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : '';
}

/** "08:05" in Vietnam time. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat().format(date) : '';
}

/** "08:05 22/11/2026" in Vietnam time: the time, a space, the date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${timeFormat().format(date)} ${dateFormat().format(date)}` : '';
}

/** "22 tháng 11, 2026" in Vietnam time (legal pages' last-updated date). */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  return date ? longDateFormat().format(date) : '';
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** "3 giờ trước", "Hôm qua", "Ngày kia"; under a minute: "vừa xong". */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (abs >= size) return relativeFormat().format(Math.trunc(diff / size), unit);
  }
  return 'vừa xong';
}

// ---------------------------------------------------------------------------------------------
// Vietnam calendar time: fixed UTC+7 arithmetic (parsing is not something Intl does).

export interface CalendarDay {
  year: number;
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function calendarDay(year: number, month: number, day: number): CalendarDay | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * A yyyy-mm-dd text as a day of the calendar, or null when it is not one: "2026-02-31",
 * "2026-13-01" and "2026-02-29" are refused (never rolled over into the next month), "2028-02-29"
 * is a day.
 */
export function parseIsoDay(value: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return calendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Whether `value` is a yyyy-mm-dd day that exists (see parseIsoDay). */
export function isIsoDay(value: string): boolean {
  return parseIsoDay(value) !== null;
}

/** The instant at which the Vietnam wall-clock time `day` `hours`:`minutes`:`seconds` falls. */
function vietnamInstant({ year, month, day }: CalendarDay, hours = 0, minutes = 0, seconds = 0): Date {
  const wallClock = new Date(Date.UTC(2000, month - 1, day, hours, minutes, seconds));
  wallClock.setUTCFullYear(year); // Date.UTC reads years 0–99 as 1900–1999
  return new Date(wallClock.getTime() - VIETNAM_OFFSET_MS);
}

/** An instant's Vietnam wall-clock time as ISO text without zone: "2026-11-22T00:30:00.000". */
function vietnamWallClock(date: Date): string {
  return new Date(date.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, -1);
}

/**
 * A yyyy-mm-dd value of an <input type="date"> or of the URL read as a Vietnam calendar day: its
 * first instant, or with `endOfDay` the first instant of the next day (use it with `lt`). Null when
 * it is not a day that exists (parseIsoDay).
 */
export function vietnamDayBoundary(day: string, endOfDay = false): Date | null {
  const parsed = parseIsoDay(day);
  if (parsed === null) return null;
  const start = vietnamInstant(parsed);
  return endOfDay ? new Date(start.getTime() + DAY_MS) : start;
}

/**
 * A datetime-local value ("2026-12-31T23:59", seconds optional) read as Vietnam time: the whole UI
 * uses Asia/Ho_Chi_Minh, whatever the browser's zone. Null when it is not a date and time that exists.
 */
export function parseVietnamDateTime(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const day = parseIsoDay(match[1] ?? '');
  const [hours, minutes, seconds] = [match[2], match[3], match[4] ?? '0'].map(Number) as [number, number, number];
  if (day === null || hours > 23 || minutes > 59 || seconds > 59) return null;
  return vietnamInstant(day, hours, minutes, seconds);
}

/** The value of a datetime-local input showing the instant in Vietnam time ("2026-12-31T23:59"); '' when it is not a date. */
export function toVietnamDateTimeInput(value: DateInput): string {
  const date = toDate(value);
  return date ? vietnamWallClock(date).slice(0, 16) : '';
}

/** Today's date in Vietnam as yyyy-mm-dd (for date inputs). */
export function todayInVietnamIso(now: Date = new Date()): string {
  return vietnamWallClock(now).slice(0, 10);
}

/** Midnight of the current day in Vietnam, as an absolute instant. */
export function startOfTodayInVietnam(now: Date = new Date()): Date {
  const shifted = now.getTime() + VIETNAM_OFFSET_MS;
  return new Date(shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - VIETNAM_OFFSET_MS);
}

/** The instant exactly n days before now. */
export function daysAgo(n: number, now: Date = new Date()): Date {
  return new Date(now.getTime() - n * DAY_MS);
}

export const TIME_RANGES = ['all', 'today', '7d', '30d', '90d'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export function isTimeRange(value: string): value is TimeRange {
  return (TIME_RANGES as readonly string[]).includes(value);
}

/**
 * Lower bound for the list time filters: "today" is since midnight in Vietnam (docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time), the
 * others are the last n × 24 hours; "all" has no bound.
 */
export function timeRangeStart(range: TimeRange, now: Date = new Date()): Date | null {
  switch (range) {
    case 'all':
      return null;
    case 'today':
      return startOfTodayInVietnam(now);
    case '7d':
      return daysAgo(7, now);
    case '30d':
      return daysAgo(30, now);
    case '90d':
      return daysAgo(90, now);
  }
}

/** "…a1b2c3d4" → "A1B2C3D4": the short booking number of docs/screens.md#bookings (last 8 characters, upper case). */
export function shortBookingId(id: string): string {
  return id.slice(-8).toUpperCase();
}
