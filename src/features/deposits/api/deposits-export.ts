// CSV export of every deposit row matching the filters, read in chunks of 1,000 with keyset
// paging, capped at EXPORT_MAX rows.
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { toCsv, type CsvColumn } from '@/lib/csv.ts';
import { formatDateTime } from '@/lib/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import { fetchListRows } from '@/lib/paged-list.ts';
import { toDepositArgs, type DepositFilters } from './deposit-filters.ts';
import { depositRowSchema, type DepositRow } from './deposit-types.ts';

export const EXPORT_CHUNK = 1000;
export const EXPORT_MAX = 50_000;

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

export async function exportDepositsCsv(
  filters: DepositFilters,
  onProgress: (rows: number) => void = () => undefined,
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const all: DepositRow[] = [];
  let after: { created_at: string; id: string } | null = null;
  let more: boolean;
  for (;;) {
    const chunk: DepositRow[] = await fetchListRows(
      'admin_list_deposits',
      { ...toDepositArgs(filters), p_limit: EXPORT_CHUNK, ...(after ? { p_after_created_at: after.created_at, p_after_id: after.id } : {}) },
      depositRowSchema,
    );
    all.push(...chunk);
    onProgress(all.length);
    const last: DepositRow | undefined = chunk.at(-1);
    more = chunk.length === EXPORT_CHUNK;
    if (!more || last === undefined || all.length >= EXPORT_MAX) break;
    after = { created_at: last.created_at, id: last.id };
  }
  const rows = all.slice(0, EXPORT_MAX);
  return { csv: toCsv(rows, depositCsvColumns), rows: rows.length, truncated: more && all.length >= EXPORT_MAX };
}
