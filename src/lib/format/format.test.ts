// These tests must pass whatever zone the test process runs in (run them with TZ=UTC and
// TZ=America/New_York): every date is formatted in Asia/Ho_Chi_Minh (UTC+7, no DST).
// Expected texts come from Intl called directly on the raw input (never a pre-rounded value), or are
// written out with Intl's characters: U+00A0 (no-break space) before "₫".
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  daysAgo,
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTime,
  formatVnd,
  isIsoDay,
  parseIsoDay,
  parseVietnamDateTime,
  shortBookingId,
  startOfTodayInVietnam,
  timeRangeStart,
  toVietnamDateTimeInput,
  todayInVietnamIso,
  vietnamDayBoundary,
} from './format.ts';

const zone = { timeZone: 'Asia/Ho_Chi_Minh' } as const;
const intl = {
  vnd: new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }),
  number: new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 }),
  compact: new Intl.NumberFormat('vi-VN', { notation: 'compact', maximumFractionDigits: 1 }),
  date: new Intl.DateTimeFormat('vi-VN', { ...zone, day: '2-digit', month: '2-digit', year: 'numeric' }),
  time: new Intl.DateTimeFormat('vi-VN', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  longDate: new Intl.DateTimeFormat('vi-VN', { ...zone, day: 'numeric', month: 'long', year: 'numeric' }),
};

/** Negatives, halves (rounded half away from zero by Intl), zero, fractions and large values. */
const AMOUNTS = [
  0, -0, 0.4, -0.4, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, -1.5, 1.005, 2.675, 12.5, 99.999, 999, 1000, 1999.6, 50000, -50000,
  160000, 1500000, 1500000.5, -1500000.5, 1234567.891, 1e9, -1e9, 1e12, 123456789012345, 2e15, Number.MAX_SAFE_INTEGER, -(2 ** 60), 1e21,
];

describe('formatVnd', () => {
  it('vi-VN currency without decimals, a no-break space before ₫', () => {
    expect(formatVnd(1500000)).toBe('1.500.000\u00a0₫');
    expect(formatVnd(1234567)).toBe('1.234.567\u00a0₫');
    expect(formatVnd(0)).toBe('0\u00a0₫');
    expect(formatVnd(1999.6)).toBe('2.000\u00a0₫');
    expect(formatVnd('250000')).toBe('250.000\u00a0₫');
    expect(formatVnd(-50000)).toBe('-50.000\u00a0₫');
    expect(formatVnd(12345678901234567890n)).toBe('12.345.678.901.234.567.890\u00a0₫');
  });

  it('halves round away from zero as Intl rounds them (-2.5 → -3 ₫, not -2 ₫)', () => {
    expect(formatVnd(-2.5)).toBe('-3\u00a0₫');
    expect(formatVnd(2.5)).toBe('3\u00a0₫');
    expect(formatVnd(0.5)).toBe('1\u00a0₫');
    expect(formatVnd(-0.5)).toBe('-1\u00a0₫');
    expect(formatVnd(1500000.5)).toBe('1.500.001\u00a0₫');
  });

  it('is Intl\'s text for the raw amount, numbers and numeric strings alike', () => {
    for (const amount of AMOUNTS) {
      expect(formatVnd(amount), `vnd ${amount}`).toBe(intl.vnd.format(amount));
      expect(formatVnd(String(amount)), `vnd '${amount}'`).toBe(intl.vnd.format(Number(String(amount))));
    }
  });

  it('empty for missing or non-numeric values', () => {
    expect(formatVnd(null)).toBe('');
    expect(formatVnd(undefined)).toBe('');
    expect(formatVnd('')).toBe('');
    expect(formatVnd('abc')).toBe('');
    expect(formatVnd(Number.NaN)).toBe('');
    expect(formatVnd(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('numbers, percents and compact numbers', () => {
  it('vi-VN separators', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(1234.5678, 1)).toBe('1.234,6');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent('10')).toBe('10%');
    expect(formatPercent(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatCompactNumber(1_500_000)).toBe('1,5\u00a0Tr');
  });

  it('is Intl\'s text for the raw value', () => {
    const oneDecimal = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });
    const whole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
    for (const value of AMOUNTS) {
      expect(formatNumber(value), `number ${value}`).toBe(intl.number.format(value));
      expect(formatNumber(value, 1), `number(1) ${value}`).toBe(oneDecimal.format(value));
      expect(formatNumber(value, 0), `number(0) ${value}`).toBe(whole.format(value));
      expect(formatPercent(value), `percent ${value}`).toBe(`${intl.number.format(value)}%`);
      expect(formatCompactNumber(value), `compact ${value}`).toBe(intl.compact.format(value));
    }
  });
});

describe('dates and times in Asia/Ho_Chi_Minh', () => {
  // 2026-11-21T17:30:00Z is 00:30 on 22/11/2026 in Vietnam (and still the 21st in UTC and New York).
  const instant = '2026-11-21T17:30:00Z';
  it('formatDate / formatTime / formatDateTime / formatLongDate', () => {
    expect(formatDate(instant)).toBe('22/11/2026');
    expect(formatTime(instant)).toBe('00:30');
    expect(formatDateTime(instant)).toBe('00:30 22/11/2026');
    expect(formatLongDate(instant)).toBe('22 tháng 11, 2026');
    expect(formatDate(new Date('2026-01-05T02:00:00Z'))).toBe('05/01/2026');
    expect(formatTime(Date.parse('2026-06-30T16:59:00Z'))).toBe('23:59');
  });

  it('is Intl\'s text on both sides of midnight in Vietnam (17:00 UTC)', () => {
    const around = ['2026-11-21T16:59:59.999Z', '2026-11-21T17:00:00Z', '2024-12-31T16:59:59Z', '2024-12-31T17:00:00Z', '2028-02-28T17:00:00Z', '2028-02-29T16:59:00Z'];
    for (const text of around) {
      const at = new Date(text);
      expect(formatDate(text), text).toBe(intl.date.format(at));
      expect(formatTime(at), text).toBe(intl.time.format(at));
      expect(formatDateTime(at.getTime()), text).toBe(`${intl.time.format(at)} ${intl.date.format(at)}`);
      expect(formatLongDate(at), text).toBe(intl.longDate.format(at));
    }
    expect(formatDate('2026-11-21T16:59:59.999Z')).toBe('21/11/2026');
    expect(formatDate('2026-11-21T17:00:00Z')).toBe('22/11/2026');
    expect(formatLongDate(new Date('2024-12-31T16:59:59Z'))).toBe('31 tháng 12, 2024');
    expect(formatLongDate(new Date('2024-12-31T17:00:00Z'))).toBe('1 tháng 1, 2025');
  });

  it('every few hours of three years, a leap day included: Intl\'s text', () => {
    // Every 7 hours 13 minutes.
    for (let instant = Date.UTC(2026, 0, 1); instant < Date.UTC(2029, 0, 1); instant += (7 * 60 + 13) * 60 * 1000) {
      const at = new Date(instant);
      expect(formatDate(at), at.toISOString()).toBe(intl.date.format(at));
      expect(formatTime(at), at.toISOString()).toBe(intl.time.format(at));
    }
  });

  it('empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatLongDate('')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  const relative = new Intl.RelativeTimeFormat('vi-VN', { numeric: 'auto' });
  it('Vietnamese relative phrases, Intl\'s text', () => {
    expect(formatRelativeTime(new Date('2026-11-22T08:59:40Z'), now)).toBe('vừa xong');
    expect(formatRelativeTime(new Date('2026-11-22T06:00:00Z'), now)).toBe('3 giờ trước');
    expect(formatRelativeTime(new Date('2026-11-21T09:00:00Z'), now)).toBe('Hôm qua');
    expect(formatRelativeTime(new Date('2026-11-24T09:00:00Z'), now)).toBe('Ngày kia');
    expect(formatRelativeTime(new Date('2026-11-22T06:00:00Z'), now)).toBe(relative.format(-3, 'hour'));
    expect(formatRelativeTime(new Date('2026-09-22T09:00:00Z'), now)).toBe(relative.format(-2, 'month'));
    expect(formatRelativeTime(null, now)).toBe('');
  });
});

describe('each Intl formatter is made once', () => {
  const names = ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat'] as const;
  const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat, RelativeTimeFormat: Intl.RelativeTimeFormat };
  afterEach(() => {
    Object.assign(Intl, originals);
  });

  it('none as the module loads, one per kind of text however many calls', async () => {
    const made = { NumberFormat: 0, DateTimeFormat: 0, RelativeTimeFormat: 0 };
    for (const name of names) {
      const counting = new Proxy(originals[name], {
        construct(target, args: unknown[]) {
          made[name] += 1;
          return Reflect.construct(target, args) as object;
        },
      });
      Object.assign(Intl, { [name]: counting });
    }
    vi.resetModules();
    const f = await import('./format.ts');
    expect(made).toEqual({ NumberFormat: 0, DateTimeFormat: 0, RelativeTimeFormat: 0 });
    const now = new Date('2026-11-22T09:00:00Z');
    for (let i = 0; i < 5; i++) {
      f.formatVnd(i * 1000.5);
      f.formatNumber(i / 3);
      f.formatNumber(i / 3, 1);
      f.formatPercent(i);
      f.formatCompactNumber(i * 1e6);
      f.formatDate(now);
      f.formatTime(now);
      f.formatDateTime(now);
      f.formatLongDate(now);
      f.formatRelativeTime(new Date(now.getTime() - (i + 1) * 3_600_000), now);
    }
    // Money, compact, two decimals, one decimal; date, time, long date; relative.
    expect(made).toEqual({ NumberFormat: 4, DateTimeFormat: 3, RelativeTimeFormat: 1 });
  });
});

describe('Vietnam calendar days', () => {
  it('a yyyy-mm-dd day that exists is a day; an impossible one is refused, never rolled over', () => {
    expect(parseIsoDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDay('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDay('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31 });
    for (const impossible of ['2026-02-31', '2026-13-01', '2026-02-29', '2100-02-29', '2026-04-31', '2026-00-10', '2026-01-00', '2026-1-01', '2026-01-01T00:00', ' 2026-01-01', '']) {
      expect(parseIsoDay(impossible), impossible).toBeNull();
      expect(isIsoDay(impossible), impossible).toBe(false);
    }
    expect(isIsoDay('2028-02-29')).toBe(true);
  });

  it('date inputs and URL days are read as Vietnam calendar days; an impossible day has no boundary', () => {
    expect(vietnamDayBoundary('2026-11-22')?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(vietnamDayBoundary('2026-11-22', true)?.toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(vietnamDayBoundary('2028-02-29', true)?.toISOString()).toBe('2028-02-29T17:00:00.000Z');
    expect(vietnamDayBoundary('2026-02-31')).toBeNull();
    expect(vietnamDayBoundary('2026-13-01', true)).toBeNull();
    expect(vietnamDayBoundary('22/11/2026')).toBeNull();
    expect(vietnamDayBoundary('0099-01-01')?.toISOString()).toBe('0098-12-31T17:00:00.000Z');
  });

  it('datetime-local values are read as Vietnam time and written back', () => {
    expect(parseVietnamDateTime('2026-12-31T23:59')?.toISOString()).toBe('2026-12-31T16:59:00.000Z');
    expect(parseVietnamDateTime(' 2026-01-01T00:00:30 ')?.toISOString()).toBe('2025-12-31T17:00:30.000Z');
    for (const impossible of ['2026-02-30T10:00', '2026-02-29T10:00', '2026-01-01T24:00', '2026-01-01T10:60', '2026-01-01T10:00:60', 'hôm qua', '2026-01-01']) {
      expect(parseVietnamDateTime(impossible), impossible).toBeNull();
    }
    expect(toVietnamDateTimeInput('2026-12-31T16:59:00.000Z')).toBe('2026-12-31T23:59');
    expect(toVietnamDateTimeInput('2026-12-31T17:00:00.000Z')).toBe('2027-01-01T00:00');
    expect(toVietnamDateTimeInput('not a date')).toBe('');
  });
});

describe('time filters', () => {
  it('start of today is midnight in Vietnam (17:00 UTC the day before)', () => {
    expect(startOfTodayInVietnam(new Date('2026-11-21T17:30:00Z')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(startOfTodayInVietnam(new Date('2026-11-21T17:00:00Z')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(startOfTodayInVietnam(new Date('2026-11-21T16:59:59Z')).toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(startOfTodayInVietnam(new Date('2026-11-22T09:00:00Z')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
  });
  it('daysAgo and timeRangeStart', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(daysAgo(7, now).toISOString()).toBe('2026-11-15T09:00:00.000Z');
    expect(timeRangeStart('all', now)).toBeNull();
    expect(timeRangeStart('today', now)?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(timeRangeStart('30d', now)?.toISOString()).toBe('2026-10-23T09:00:00.000Z');
    expect(timeRangeStart('90d', now)?.toISOString()).toBe('2026-08-24T09:00:00.000Z');
  });
  it('today in Vietnam as yyyy-mm-dd', () => {
    expect(todayInVietnamIso(new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(todayInVietnamIso(new Date('2026-11-21T17:30:00Z'))).toBe('2026-11-22');
  });
});

describe('shortBookingId', () => {
  it('is the last 8 characters in upper case', () => {
    expect(shortBookingId('00000000-0000-4000-a000-0000abcdef12')).toBe('ABCDEF12');
  });
});
