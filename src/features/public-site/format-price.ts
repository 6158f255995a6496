// Prices of the service pages, "160.000 ₫", written exactly as formatVnd (src/lib/format.ts) writes
// them but without Intl: a page's first Intl formatter costs 20-45 ms of main thread (its locale
// data), which on a service page fell in the middle of hydration. The build (Node) and the browser
// also write the same text this way, whatever ICU either carries. format-price.test.ts holds it to
// formatVnd's output.

/** 160000 → "160.000 ₫" (thousands separated by dots, a no-break space before the đồng sign). */
export function formatPrice(amount: number): string {
  const value = Math.round(amount);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${digits}\u00a0₫`;
}
