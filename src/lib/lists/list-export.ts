// The CSV export of a list (docs/architecture.md#paged-list-rpcs): every row matching the filters,
// in the list's sort, walked in chunks with the answers' cursors (walkListRows of lib/lists/paged-list.ts)
// up to a cap, then written as CSV (lib/lists/csv.ts). Apart from paged-list.ts so that the CSV writer
// loads with the screens that export, not with every screen.
import type { z } from 'zod/mini';
import { EXPORT_CHUNK, toCsv, type CsvColumn } from './csv.ts';
import { walkListRows, type ListRpc, type ListRpcArgs } from './paged-list.ts';

/** Rows an export reads at most (about 10 MB of CSV). */
export const EXPORT_MAX = 50_000;

/**
 * The CSV export of a list: every row matching `args`, in the list's `sort`, written with `columns`;
 * at most EXPORT_MAX rows (`truncated` when more matched).
 */
export async function exportListCsv<F extends ListRpc, Row>(
  fn: F,
  args: ListRpcArgs<F>,
  sort: string,
  row: z.ZodMiniType<Row>,
  columns: readonly CsvColumn<Row>[],
  onProgress: (rows: number) => void = () => undefined,
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const { rows, truncated } = await walkListRows(fn, args, sort, row, { chunk: EXPORT_CHUNK, cap: EXPORT_MAX, onProgress });
  return { csv: toCsv(rows, columns), rows: rows.length, truncated };
}
