// Money and time formatting in Vietnamese (docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time): VND without decimals, vi-VN dates in the
// Asia/Ho_Chi_Minh zone whatever zone the browser runs in.

/** Vietnam has no daylight saving: always UTC+7. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// The text Intl's vi-VN formatters write, written without Intl: a page's first Intl formatter costs
// 20-45 ms of main thread (its locale data), and the back office created six as it loaded, before
// its data requests left (docs/architecture.md#admin-loading). format.test.ts holds every function
// to Intl's output.

/** Beyond this size a number's digits are no longer exact: Intl writes those (never seen in practice). */
const PLAIN_DIGITS_MAX = 1e15;
let bigNumberFormat: Intl.NumberFormat | undefined;

/**
 * `abs` rounded to `digits` decimals, half away from zero, as Intl rounds: on the number's shortest
 * decimal text (1.005 → "1.01"), not on its binary value. Returns [whole digits, decimal digits].
 */
function roundDecimal(abs: number, digits: number): [string, string] {
  const text = String(abs);
  // Exponent form below 1e-6 (beyond PLAIN_DIGITS_MAX it never reaches here): rounds to zero.
  if (text.includes('e')) return ['0', ''];
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return [whole, fraction];
  const kept = fraction.slice(0, digits);
  if ((fraction[digits] ?? '0') < '5') return [whole, kept];
  const up = (BigInt(whole + kept) + 1n).toString().padStart(digits + 1, '0');
  return [up.slice(0, up.length - digits), up.slice(up.length - digits)];
}

/** `value` rounded to at most `digits` decimals as Intl rounds them (see roundDecimal): 1.005 → 1.01. */
export function roundLikeIntl(value: number, digits: number): number {
  const [whole, fraction] = roundDecimal(Math.abs(value), digits);
  const rounded = Number(fraction ? `${whole}.${fraction}` : whole);
  return value < 0 ? -rounded : rounded;
}

/** "1234567.5" → "1.234.567,5": vi-VN groups thousands with dots and writes decimals after a comma. */
function viNumber(value: number, fractionDigits: number): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= PLAIN_DIGITS_MAX) {
    bigNumberFormat ??= new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });
    return bigNumberFormat.format(Number(value.toFixed(fractionDigits)));
  }
  const [whole, fraction] = roundDecimal(abs, fractionDigits);
  const kept = fraction.replace(/0+$/, '');
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${kept ? `,${kept}` : ''}`;
}

/** 1234567 → "1.234.567 ₫" (a no-break space before the đồng sign). Empty text for missing values. */
export function formatVnd(amount: number | string | bigint | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'bigint' ? Number(amount) : Number(amount);
  if (!Number.isFinite(value)) return '';
  return `${viNumber(Math.round(value), 0)}\u00a0₫`;
}

/** Plain vi-VN number, at most two decimals (or `maxFractionDigits`): 1234.5 → "1.234,5". */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return viNumber(value, maxFractionDigits);
}

/** Percent as typed by admins: 12.5 → "12,5%". */
export function formatPercent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? `${viNumber(n, 2)}%` : '';
}

const two = (n: number): string => String(n).padStart(2, '0');

/** The calendar fields of an instant in Vietnam (UTC+7 all year). */
function inVietnam(date: Date): Date {
  return new Date(date.getTime() + VIETNAM_OFFSET_MS);
}

/** "22/11/2026" in Vietnam time. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const v = inVietnam(date);
  return `${two(v.getUTCDate())}/${two(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`;
}

/** "08:05" in Vietnam time. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const v = inVietnam(date);
  return `${two(v.getUTCHours())}:${two(v.getUTCMinutes())}`;
}

/** "08:05 22/11/2026" in Vietnam time. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${formatTime(date)} ${formatDate(date)}` : '';
}

/** "22 tháng 11, 2026" in Vietnam time (legal pages' last-updated date). */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const v = inVietnam(date);
  return `${v.getUTCDate()} tháng ${v.getUTCMonth() + 1}, ${v.getUTCFullYear()}`;
}

/** Midnight of the current day in Vietnam, as an absolute instant. */
export function startOfTodayInVietnam(now: Date = new Date()): Date {
  const shifted = now.getTime() + VIETNAM_OFFSET_MS;
  const startShifted = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(startShifted - VIETNAM_OFFSET_MS);
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

/**
 * A yyyy-mm-dd value of an <input type="date"> read as a Vietnam calendar day: its first instant,
 * or with `endOfDay` the first instant of the next day (use it with `lt`).
 */
export function vietnamDayBoundary(day: string, endOfDay = false): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(utcMidnight)) return null;
  return new Date(utcMidnight - VIETNAM_OFFSET_MS + (endOfDay ? DAY_MS : 0));
}

/** Today's date in Vietnam as yyyy-mm-dd (for date inputs). */
export function todayInVietnamIso(now: Date = new Date()): string {
  return new Date(now.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** "3 giờ trước", "trong 2 ngày nữa"; under a minute: "vừa xong". */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (abs >= size) {
      // Made on first use (its locale data costs tens of milliseconds), not as the module loads.
      relativeFormat ??= new Intl.RelativeTimeFormat('vi', { numeric: 'auto' });
      return relativeFormat.format(Math.trunc(diff / size), unit);
    }
  }
  return 'vừa xong';
}

/** "…a1b2c3d4" → "A1B2C3D4": the short booking number of docs/screens.md#bookings (last 8 characters, upper case). */
export function shortBookingId(id: string): string {
  return id.slice(-8).toUpperCase();
}
