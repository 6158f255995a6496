// CSV export of every deposit row matching the filters, in the order the list shows, read in
// chunks of 1,000 with the answers' cursors, capped at EXPORT_MAX rows (exportListCsv of
// lib/lists/list-export.ts).
import type { CsvExportResult } from '@/components/ui/csv-export-button.tsx';
import { statusLabel } from '@/components/ui/status-badge.tsx';
import type { CsvColumn } from '@/lib/lists/csv.ts';
import { formatDateTime } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { exportListCsv } from '@/lib/lists/list-export.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositRowSchema, type DepositRow } from './deposit-types.ts';

export const depositCsvColumns: readonly CsvColumn<DepositRow>[] = [
  { header: t.columns.id, value: (row) => row.id },
  { header: t.columns.provider, value: (row) => row.provider_name ?? t.unknownProvider(row.provider_id) },
  { header: 'Email', value: (row) => row.provider_email },
  { header: t.columns.amount, value: (row) => row.amount },
  { header: t.columns.oldBalance, value: (row) => row.old_balance },
  { header: t.columns.newBalance, value: (row) => row.new_balance },
  { header: t.columns.status, value: (row) => statusLabel('deposit', row.status) },
  { header: t.columns.createdAt, value: (row) => formatDateTime(row.created_at) },
  { header: t.columns.updatedAt, value: (row) => formatDateTime(row.updated_at) },
];

/** Every deposit row matching the filters, in the list's sort, as CSV (at most EXPORT_MAX rows). */
export function exportDepositsCsv(filters: DepositFilters, sort: string, onProgress?: (rows: number) => void): Promise<CsvExportResult> {
  return exportListCsv('admin_list_deposits', toDepositArgs(filters), sort, depositRowSchema, depositCsvColumns, onProgress);
}
