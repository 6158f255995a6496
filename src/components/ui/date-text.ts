// Dates as the admin types and reads them: dd/mm/yyyy and 24-hour hh:mm, whatever the browser's
// language (docs/screens.md#keyboard), to and from the ISO text the URL and the forms keep. Pure and
// small, for the screens' first download; the field and its calendar are date-field.tsx.
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;
const TYPED_DAY = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})$/;
const TYPED_DAY_TIME = /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})(?:\s+|\s*,\s*)(\d{1,2})\s*[:hg]\s*(\d{2})$/i;

const pad = (value: number) => String(value).padStart(2, '0');

function dayExists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What was typed ("05/03/2026", "5-3-2026", with `withTime` "05/03/2026 14:30") as ISO text
 * ('2026-03-05', '2026-03-05T14:30'); null when it is not a date (or a time) that exists. With
 * `withTime`, a date typed alone takes `defaultTime` when one is given.
 */
export function parseTypedDate(text: string, withTime = false, defaultTime?: string): string | null {
  const typed = text.trim();
  const dayOnly = TYPED_DAY.exec(typed);
  const withClock = withTime ? TYPED_DAY_TIME.exec(typed) : null;
  const match = withClock ?? dayOnly;
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!dayExists(year, month, day)) return null;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  if (!withTime) return iso;
  if (withClock) {
    const [hours, minutes] = [Number(withClock[4]), Number(withClock[5])];
    if (hours > 23 || minutes > 59) return null;
    return `${iso}T${pad(hours)}:${pad(minutes)}`;
  }
  return defaultTime === undefined ? null : `${iso}T${defaultTime}`;
}

/** ISO text as the field shows it: '2026-03-05' → '05/03/2026', '2026-03-05T14:30' → '05/03/2026 14:30'; anything else as it is. */
export function formatDateForField(value: string, withTime = false): string {
  const clock = withTime ? ISO_DAY_TIME.exec(value) : null;
  if (clock) return `${clock[3]}/${clock[2]}/${clock[1]} ${clock[4]}:${clock[5]}`;
  const day = ISO_DAY.exec(value.slice(0, 10));
  if (day && (value.length === 10 || !withTime)) return `${day[3]}/${day[2]}/${day[1]}`;
  return value;
}
