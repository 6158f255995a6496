// The formatting must not depend on the machine's time zone: run the same calls in child processes
// whose TZ is UTC, America/New_York (UTC−5/−4 with DST) and Asia/Tokyo, and expect identical output.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const formatModule = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'format.ts')).href;

const SCRIPT = `
const f = await import(${JSON.stringify(formatModule)});
const now = new Date('2026-03-08T07:30:00Z'); // the day New York switches to daylight time
console.log(JSON.stringify({
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  date: f.formatDate('2026-11-21T17:30:00Z'),
  dateTime: f.formatDateTime('2026-11-21T17:30:00Z'),
  time: f.formatTime(now),
  today: f.startOfTodayInVietnam(now).toISOString(),
  todayRange: f.timeRangeStart('today', now).toISOString(),
  dayStart: f.vietnamDayBoundary('2026-03-08').toISOString(),
  dayEnd: f.vietnamDayBoundary('2026-03-08', true).toISOString(),
  isoToday: f.todayInVietnamIso(now),
}));
`;

function runIn(tz: string): Record<string, string> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Record<string, string>;
}

describe('format.ts in any process time zone', () => {
  it('gives Vietnam dates and boundaries under UTC, America/New_York and Asia/Tokyo', () => {
    const expected = {
      date: '22/11/2026',
      dateTime: '00:30 22/11/2026',
      time: '14:30',
      today: '2026-03-07T17:00:00.000Z',
      todayRange: '2026-03-07T17:00:00.000Z',
      dayStart: '2026-03-07T17:00:00.000Z',
      dayEnd: '2026-03-08T17:00:00.000Z',
      isoToday: '2026-03-08',
    };
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
      const { zone, ...values } = runIn(tz);
      expect(zone).toBe(tz);
      expect(values).toEqual(expected);
    }
  }, 30_000);
});
