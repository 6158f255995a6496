// Prices and dates of the public pages, written exactly as formatVnd and formatLongDate
// (src/lib/format.ts) write them but without Intl: a page's first Intl formatter costs 20-45 ms of
// main thread (its locale data), which fell in the middle of hydration on the service pages and
// the privacy page. The build (Node) and the browser also write the same text this way, whatever
// ICU either carries. public-format.test.ts holds both to src/lib/format.ts's output.

/** Vietnam has no daylight saving: always UTC+7 (docs/decisions.md#vietnamese-interface-vnd-and-vietnam-time). */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** 160000 → "160.000 ₫" (thousands separated by dots, a no-break space before the đồng sign). */
export function formatPrice(amount: number): string {
  const value = Math.round(amount);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${digits}\u00a0₫`;
}

/** The day in Vietnam: "26 tháng 11, 2026". */
export function formatDay(date: Date): string {
  const vietnam = new Date(date.getTime() + VIETNAM_OFFSET_MS);
  return `${vietnam.getUTCDate()} tháng ${vietnam.getUTCMonth() + 1}, ${vietnam.getUTCFullYear()}`;
}
