// CSV export that opens correctly in Excel (UTF-8 BOM, CRLF, RFC 4180 quoting) and cannot be used
// for formula injection: text cells starting with = + - @ (or tab / carriage return) get a leading
// apostrophe so spreadsheet software shows them as text.

/**
 * Rows an export reads per call (the lists' exports walk their rows in chunks of this many). 500 rows
 * keep each call within the API's per-call budget at 10M bookings: a chunk of 1,000 answered 0.5 MB
 * of JSON in 55–74 ms, 500 in about half; an export makes twice the calls for about the same total
 * time (docs/benchmarks.md#10m-bookings).
 */
export const EXPORT_CHUNK = 500;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : '';
  } else if (typeof value === 'boolean') {
    text = value ? 'true' : 'false';
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves the text as a file in the browser. */
export function downloadCsv(filename: string, csv: string): void {
  const name = filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`;
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
