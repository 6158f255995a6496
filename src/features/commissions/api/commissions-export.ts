// CSV export of every commission matching the filters (not only the page on screen), in the order
// the list shows, read in chunks of 1,000 with the answers' cursors and capped at EXPORT_MAX rows
// (exportListCsv of lib/lists/list-export.ts).
import type { CsvExportResult } from '@/components/ui/csv-export-button.tsx';
import type { CsvColumn } from '@/lib/lists/csv.ts';
import { formatDateTime } from '@/lib/format/format.ts';
import { commissions as t } from '@/lib/messages/commissions.ts';
import { exportListCsv } from '@/lib/lists/list-export.ts';
import { toCommissionArgs, type CommissionFilters } from './commission-filters.ts';
import { commissionRowSchema, type CommissionRow } from './commission-types.ts';

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

/** Every commission matching the filters, in the list's sort, as CSV (at most EXPORT_MAX rows). */
export function exportCommissionsCsv(filters: CommissionFilters, sort: string, onProgress?: (rows: number) => void): Promise<CsvExportResult> {
  return exportListCsv('admin_list_commissions', toCommissionArgs(filters), sort, commissionRowSchema, commissionCsvColumns, onProgress);
}
