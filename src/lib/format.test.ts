// These tests must pass whatever zone the test process runs in (run them with TZ=UTC and
// TZ=America/New_York): every date is formatted in Asia/Ho_Chi_Minh (UTC+7, no DST).
import { describe, expect, it } from 'vitest';
import {
  daysAgo,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatTime,
  formatVnd,
  shortBookingId,
  startOfTodayInVietnam,
  timeRangeStart,
  todayInVietnamIso,
  vietnamDayBoundary,
} from './format.ts';

// Intl uses narrow no-break spaces in some outputs; compare with normal spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatVnd', () => {
  it('vi-VN currency without decimals', () => {
    expect(plain(formatVnd(1234567))).toBe('1.234.567 ₫');
    expect(plain(formatVnd(0))).toBe('0 ₫');
    expect(plain(formatVnd(1999.6))).toBe('2.000 ₫');
    expect(plain(formatVnd('250000'))).toBe('250.000 ₫');
    expect(plain(formatVnd(-50000))).toBe('-50.000 ₫');
  });
  it('empty for missing or non-numeric values', () => {
    expect(formatVnd(null)).toBe('');
    expect(formatVnd(undefined)).toBe('');
    expect(formatVnd('abc')).toBe('');
  });
});

describe('numbers and percents', () => {
  it('vi-VN separators', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent('10')).toBe('10%');
    expect(formatPercent(null)).toBe('');
  });
});

describe('dates and times in Asia/Ho_Chi_Minh', () => {
  // 2026-11-21T17:30:00Z is 00:30 on 22/11/2026 in Vietnam (and still the 21st in UTC and New York).
  const instant = '2026-11-21T17:30:00Z';
  it('formatDate / formatTime / formatDateTime', () => {
    expect(formatDate(instant)).toBe('22/11/2026');
    expect(formatTime(instant)).toBe('00:30');
    expect(formatDateTime(instant)).toBe('00:30 22/11/2026');
    expect(formatDate(new Date('2026-01-05T02:00:00Z'))).toBe('05/01/2026');
    expect(formatTime(Date.parse('2026-06-30T16:59:00Z'))).toBe('23:59');
  });
  it('long date for the legal pages', () => {
    expect(formatLongDate(instant)).toBe('22 tháng 11, 2026');
  });
  it('empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTime(undefined)).toBe('');
  });
});

describe('time filters', () => {
  it('start of today is midnight in Vietnam (17:00 UTC the day before)', () => {
    expect(startOfTodayInVietnam(new Date('2026-11-21T17:30:00Z')).toISOString()).toBe('2026-11-21T17:00:00.000Z');
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
  it('date inputs are read as Vietnam calendar days', () => {
    expect(vietnamDayBoundary('2026-11-22')?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(vietnamDayBoundary('2026-11-22', true)?.toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(vietnamDayBoundary('22/11/2026')).toBeNull();
    expect(todayInVietnamIso(new Date('2026-11-21T17:30:00Z'))).toBe('2026-11-22');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  it('Vietnamese relative phrases', () => {
    expect(formatRelativeTime(new Date('2026-11-22T08:59:40Z'), now)).toBe('vừa xong');
    expect(formatRelativeTime(new Date('2026-11-22T06:00:00Z'), now)).toBe('3 giờ trước');
    expect(formatRelativeTime(new Date('2026-11-21T09:00:00Z'), now)).toBe('Hôm qua');
    expect(formatRelativeTime(new Date('2026-11-24T09:00:00Z'), now)).toBe('Ngày kia');
    expect(formatRelativeTime(null, now)).toBe('');
  });
});

describe('shortBookingId', () => {
  it('is the last 8 characters in upper case', () => {
    expect(shortBookingId('00000000-0000-4000-a000-0000abcdef12')).toBe('ABCDEF12');
  });
});

describe('written without Intl, to the character of Intl\'s vi-VN formatters', () => {
  const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 });
  const zone = { timeZone: 'Asia/Ho_Chi_Minh' } as const;
  const date = new Intl.DateTimeFormat('vi-VN', { ...zone, day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = new Intl.DateTimeFormat('vi-VN', { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const longDate = new Intl.DateTimeFormat('vi-VN', { ...zone, day: 'numeric', month: 'long', year: 'numeric' });

  it('money and numbers: integers, decimals, halves, negatives, zero and large values', () => {
    const values = [0, -0, 0.4, -0.4, 0.5, 1.005, 2.675, 5, 12.5, 99.999, 999, 1000, 1999.6, 50000, 160000, 1234567.891, -50000, -0.001, 1e12, 123456789012345, 2e15];
    for (let value = 7; value < 5e12; value = Math.round(value * 3.7 + 11)) values.push(value, -value, value / 7);
    for (const value of values) {
      expect(formatVnd(value), `vnd ${value}`).toBe(vnd.format(Math.round(value)));
      expect(formatNumber(value), `number ${value}`).toBe(number.format(value));
      expect(formatPercent(value), `percent ${value}`).toBe(`${number.format(value)}%`);
    }
  });

  it('dates and times in Vietnam: every day, month and year, both sides of midnight', () => {
    // Every 7 hours 13 minutes for six years.
    for (let instant = Date.UTC(2023, 0, 1); instant < Date.UTC(2029, 0, 1); instant += (7 * 60 + 13) * 60 * 1000) {
      const at = new Date(instant);
      expect(formatDate(at), at.toISOString()).toBe(date.format(at));
      expect(formatTime(at), at.toISOString()).toBe(time.format(at));
      expect(formatLongDate(at), at.toISOString()).toBe(longDate.format(at));
    }
    expect(formatLongDate(new Date('2024-12-31T16:59:59Z'))).toBe('31 tháng 12, 2024');
    expect(formatLongDate(new Date('2024-12-31T17:00:00Z'))).toBe('1 tháng 1, 2025');
  });
});
