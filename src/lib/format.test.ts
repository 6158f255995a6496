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
