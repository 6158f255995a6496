// A list's bulk status action (docs/screens.md#bulk-actions), shared by the providers, reviews,
// promotion codes and bookings lists: one call for the batch (lib/lists/bulk.ts); on success a
// toast saying how many rows changed, with "Hoàn tác" when the action is reversible — the undo is
// the same function with each row's previous status, checked against the versions the batch left;
// a refused batch (a row changed meanwhile or not eligible) says how many rows and which, and
// nothing changed. The list refreshes either way.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast.tsx';
import { toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { bulk as t } from '@/lib/messages/bulk.ts';
import {
  bulkConflictOf,
  bulkRefusal,
  bulkResultSchema,
  undoBatch,
  type BulkBatch,
  type BulkExpected,
  type BulkFunction,
  type BulkResultRow,
} from '@/lib/lists/bulk.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

/** Runs one batch; the answer's rows in the batch's order. */
export async function runBulk(fn: BulkFunction, expectedArg: BulkExpected, batch: BulkBatch): Promise<BulkResultRow[]> {
  const args = { p_ids: batch.ids, p_statuses: batch.statuses, [expectedArg]: batch.expected };
  // The four functions share their argument names but the expected one's: one call shape for all.
  const data: unknown = unwrap(await supabase.rpc(fn, args as { p_ids: string[]; p_statuses: string[]; p_expected_updated_at: string[] }));
  return bulkResultSchema.parse(data);
}

export interface BulkStatusRun {
  batch: BulkBatch;
  /** Each selected row's label (a name, a code), for the messages. */
  labels: ReadonlyMap<string, string>;
  /** The success toast for n rows. */
  done: (count: number) => string;
  /** Offer "Hoàn tác" (a status change; not a ban). */
  reversible: boolean;
}

function failure(error: unknown, total: number, labels: ReadonlyMap<string, string>, undo: boolean): string {
  const conflict = bulkConflictOf(error);
  if (conflict) return bulkRefusal(conflict, total, (id) => labels.get(id), undo);
  return `${t.failed} ${toVietnameseMessage(error, { action: 'save' })}`;
}

export function useBulkStatus({ fn, expectedArg, invalidate }: { fn: BulkFunction; expectedArg: BulkExpected; invalidate: readonly QueryKey[] }) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const undo = async (rows: readonly BulkResultRow[], labels: ReadonlyMap<string, string>) => {
    try {
      await runBulk(fn, expectedArg, undoBatch(rows, expectedArg));
      toast.success(t.undone(rows.length));
    } catch (error) {
      toast.error(failure(error, rows.length, labels, true));
    } finally {
      await refresh();
    }
  };

  return useMutation({
    mutationFn: (run: BulkStatusRun) => runBulk(fn, expectedArg, run.batch),
    onSuccess: (rows, run) => {
      toast.success(run.done(rows.length), run.reversible ? { action: { label: t.undo, onClick: () => void undo(rows, run.labels) } } : undefined);
    },
    onError: (error, run) => toast.error(failure(error, run.batch.ids.length, run.labels, false)),
    onSettled: () => refresh(),
  });
}
