// The bulk status functions of the lists (supabase/schemas/33_admin_bulk.sql,
// docs/screens.md#bulk-actions): one call per batch, all or nothing. A batch is parallel arrays
// (ids, the status each row gets, what the admin saw of each row); the answer gives each row's new
// version and previous status, from which the undo is built (the call itself:
// api/bulk-status-mutation.ts). A refused batch (PT409) names the
// changed and ineligible rows; bulkRefusal turns it into the sentence the toast shows.
import { z } from 'zod/mini';
import { bulk as t } from '@/lib/messages/bulk.ts';

/** The database refuses larger batches (22023). */
export const BULK_MAX_ROWS = 100;

export type BulkFunction =
  | 'admin_bulk_set_provider_status'
  | 'admin_bulk_set_review_status'
  | 'admin_bulk_set_discount_code_status'
  | 'admin_bulk_set_booking_status';

/** What a bulk function compares per row: the status the list showed, or the row's updated_at. */
export type BulkExpected = 'p_expected_statuses' | 'p_expected_updated_at';

export interface BulkBatch {
  ids: string[];
  statuses: string[];
  /** One per id: its status or updated_at as the admin saw it. */
  expected: string[];
}

export const bulkResultRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  previous_status: z.string(),
  updated_at: z.string(),
});
export type BulkResultRow = z.infer<typeof bulkResultRowSchema>;
export const bulkResultSchema = z.array(bulkResultRowSchema);

/** The batch that undoes `rows`: each row back to its previous status, over the version the batch left. */
export function undoBatch(rows: readonly BulkResultRow[], expectedArg: BulkExpected): BulkBatch {
  return {
    ids: rows.map((row) => row.id),
    statuses: rows.map((row) => row.previous_status),
    expected: rows.map((row) => (expectedArg === 'p_expected_statuses' ? row.status : row.updated_at)),
  };
}

export interface BulkConflict {
  changed: string[];
  ineligible: string[];
}

const conflictDetailSchema = z.object({ changed: z.array(z.string()), ineligible: z.array(z.string()) });

/** The rows of a refused batch (PT409, hint bulk_conflict), or null for any other error. */
export function bulkConflictOf(error: unknown): BulkConflict | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, hint, details } = error as { code?: unknown; hint?: unknown; details?: unknown };
  if (code !== 'PT409' || hint !== 'bulk_conflict' || typeof details !== 'string') return null;
  try {
    const parsed = conflictDetailSchema.safeParse(JSON.parse(details));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** At most this many names in a message; the rest is "và n dòng khác". */
const NAMED = 5;

/** The rows' labels for a message: the first few, then how many more. */
export function nameRows(ids: readonly string[], labelOf: (id: string) => string | undefined): string {
  const names = ids.slice(0, NAMED).map((id) => labelOf(id) ?? id.slice(-8));
  const more = ids.length - names.length;
  return more > 0 ? `${names.join(', ')} và ${more} dòng khác` : names.join(', ');
}

/** The toast of a refused batch of `total` rows: how many and which rows changed or are not eligible. */
export function bulkRefusal(conflict: BulkConflict, total: number, labelOf: (id: string) => string | undefined, undo = false): string {
  const bad = [...conflict.changed, ...conflict.ineligible];
  return (undo ? t.undoRefused : t.refused)(bad.length, total, nameRows(bad, labelOf));
}
