// CSV export of every commission matching the filters (not only the page on screen), read in
// chunks of 1,000 with keyset paging and capped at EXPORT_MAX rows.
import { toCsv, type CsvColumn } from '@/lib/csv.ts';
import { formatDateTime } from '@/lib/format.ts';
import { commissions as t } from '@/lib/messages/commissions.ts';
import { fetchListRows } from '@/lib/paged-list.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionRowSchema, type CommissionRow } from './commission-types.ts';

export const EXPORT_CHUNK = 1000;
export const EXPORT_MAX = 50_000;

export const commissionCsvColumns: readonly CsvColumn<CommissionRow>[] = [
  { header: t.columns.bookingId, value: (row) => row.booking_id },
  { header: t.columns.provider, value: (row) => row.provider_name ?? t.unknown },
  { header: t.columns.service, value: (row) => row.service_name ?? t.unknown },
  { header: t.columns.servicePrice, value: (row) => row.service_price },
  { header: t.columns.rate, value: (row) => Number(row.commission_rate) },
  { header: t.columns.providerAmount, value: (row) => row.provider_amount },
  { header: t.columns.platformFee, value: (row) => row.platform_fee },
  { header: t.columns.createdAt, value: (row) => formatDateTime(row.created_at) },
  { header: t.columns.completedAt, value: (row) => formatDateTime(row.booking_completed_at) },
];

export interface ExportResult {
  csv: string;
  rows: number;
  truncated: boolean;
}

export async function exportCommissionsCsv(
  filters: CommissionFilters,
  onProgress: (rows: number) => void = () => undefined,
): Promise<ExportResult> {
  const all: CommissionRow[] = [];
  let after: { created_at: string; id: string } | null = null;
  let more: boolean;
  for (;;) {
    const chunk: CommissionRow[] = await fetchListRows(
      'admin_list_commissions',
      { ...toCommissionArgs(filters), p_limit: EXPORT_CHUNK, ...(after ? { p_after_created_at: after.created_at, p_after_id: after.id } : {}) },
      commissionRowSchema,
    );
    all.push(...chunk);
    onProgress(all.length);
    const last: CommissionRow | undefined = chunk.at(-1);
    more = chunk.length === EXPORT_CHUNK && last !== undefined;
    if (!more || last === undefined || all.length >= EXPORT_MAX) break;
    after = { created_at: last.created_at, id: last.id };
  }
  const truncated = more && all.length >= EXPORT_MAX;
  const rows = all.slice(0, EXPORT_MAX);
  return { csv: toCsv(rows, commissionCsvColumns), rows: rows.length, truncated };
}
