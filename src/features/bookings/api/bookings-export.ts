// CSV export of the FILTERED bookings: walks every matching row in the list's sort in chunks of
// EXPORT_CHUNK rows (lib/lists/csv.ts) with the answers' cursors (no deep offsets), reports
// progress, stops at a cap, can be cancelled, and writes UTF-8 CSV with BOM that Excel opens with
// Vietnamese intact.
import { formatDateTime } from '@/lib/format/format.ts';
import { EXPORT_CHUNK, toCsv, type CsvColumn } from '@/lib/lists/csv.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { common } from '@/lib/messages/common.ts';
import { exportChunkArgs, type BookingFilterValues, type ListBookingsArgs } from './booking-filters.ts';
import type { BookingRow } from './bookings-query.ts';

/** At most this many rows per export (about 10 MB of CSV). */
export const EXPORT_ROW_CAP = 50_000;

/** Reads one chunk; `count` asks for the filtered total too (the first chunk only). */
export type FetchChunk = (args: ListBookingsArgs, count: boolean) => Promise<{ rows: BookingRow[]; total: number | null; lastCursor: string | null }>;

export interface ExportProgress {
  done: number;
  /** Rows that will be exported (the filtered total, capped); an estimate while unknown. */
  expected: number;
}

export interface ExportResult {
  rows: BookingRow[];
  /** True when more rows matched than the cap allowed. */
  capped: boolean;
}

export class ExportCanceledError extends Error {
  constructor() {
    super('export canceled');
    this.name = 'ExportCanceledError';
  }
}

export async function collectBookingsForExport(
  filters: BookingFilterValues,
  fetchChunk: FetchChunk,
  options: { sort?: string; onProgress?: (progress: ExportProgress) => void; signal?: AbortSignal; chunkSize?: number; cap?: number; now?: Date } = {},
): Promise<ExportResult> {
  const chunkSize = options.chunkSize ?? EXPORT_CHUNK;
  const cap = options.cap ?? EXPORT_ROW_CAP;
  // One "now" for the whole export, so a time filter does not move between chunks.
  const now = options.now ?? new Date();
  const rows: BookingRow[] = [];
  let after: string | null = null;
  let expected = cap;
  let capped = false;
  for (;;) {
    if (options.signal?.aborted) throw new ExportCanceledError();
    const size = Math.min(chunkSize, cap - rows.length + 1);
    const chunk = await fetchChunk(exportChunkArgs(filters, options.sort ?? '', size, after, now), after === null);
    if (after === null && chunk.total !== null) expected = Math.min(chunk.total, cap);
    for (const row of chunk.rows) {
      if (rows.length >= cap) {
        capped = true;
        break;
      }
      rows.push(row);
    }
    options.onProgress?.({ done: rows.length, expected: Math.max(expected, rows.length) });
    if (capped || chunk.rows.length < size || chunk.lastCursor === null) break;
    after = chunk.lastCursor;
  }
  if (options.signal?.aborted) throw new ExportCanceledError();
  return { rows, capped };
}

function label(map: Record<string, string>, key: string): string {
  return map[key] ?? key;
}

export const bookingCsvColumns: readonly CsvColumn<BookingRow>[] = [
  { header: t.list.export.columns.id, value: (row) => row.id },
  { header: t.list.export.columns.createdAt, value: (row) => formatDateTime(row.created_at) },
  { header: t.list.export.columns.status, value: (row) => label(common.statuses.booking, row.status) },
  { header: t.list.export.columns.customer, value: (row) => row.customer_name },
  { header: t.list.export.columns.customerPhone, value: (row) => row.customer_phone },
  { header: t.list.export.columns.provider, value: (row) => row.provider_name ?? '' },
  { header: t.list.export.columns.category, value: (row) => row.category_name },
  { header: t.list.export.columns.service, value: (row) => row.service_name },
  { header: t.list.export.columns.package, value: (row) => row.service_item_name },
  { header: t.list.export.columns.scheduledAt, value: (row) => formatDateTime(row.scheduled_at) },
  { header: t.list.export.columns.paymentMethod, value: (row) => label(t.paymentMethods, row.payment_method) },
  { header: t.list.export.columns.finalPrice, value: (row) => row.final_price },
];

export function bookingsToCsv(rows: readonly BookingRow[]): string {
  return toCsv(rows, bookingCsvColumns);
}

/** booking-2026-11-22.csv (Vietnam date). */
export function exportFileName(now: Date = new Date()): string {
  const day = new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
  return `${t.list.export.fileName}-${day}.csv`;
}
