// Inline edits of a deposit row. Optimistic concurrency: the UPDATE only matches the row if its
// updated_at is still the one the admin saw, so when two admins change the same deposit at once
// the database applies one change (the status transition trigger locks the provider row and moves
// the balance), and the other finds no row: we reload and tell them. A status change then reads the
// provider's new balance and status.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast.tsx';
import { ConflictError, savedRow, toVietnameseMessage, unwrap } from '@/lib/errors/errors.ts';
import { statusLabel } from '@/components/ui/status-badge.tsx';
import { formatVnd } from '@/lib/format/format.ts';
import { deposits as t } from '@/lib/messages/deposits.ts';
import type { Page } from '@/lib/lists/paged-list.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { depositKeys } from './keys.ts';
import type { DepositStatus } from './deposit-rules.ts';
import type { DepositRow } from './deposit-types.ts';

export type DepositPatch =
  | { amount: number }
  | { old_balance: number }
  | { new_balance: number }
  | { status: DepositStatus };

export interface DepositUpdateResult {
  row: Pick<DepositRow, 'id' | 'amount' | 'old_balance' | 'new_balance' | 'updated_at'>;
  status: DepositStatus;
  providerBalance: number;
  providerStatus: string;
  statusChanged: boolean;
}

export async function updateDeposit(row: DepositRow, patch: DepositPatch): Promise<DepositUpdateResult> {
  const updated = unwrap(
    await supabase.from('deposit_history').update(patch).eq('id', row.id).eq('updated_at', row.updated_at).select('id, status, amount, old_balance, new_balance, updated_at'),
  );
  const saved = savedRow(updated, t.conflict);
  const provider = unwrap<{ deposit: number; status: string } | null>(
    await supabase.from('profiles').select('deposit, status').eq('id', row.provider_id).single(),
  );
  if (provider === null) throw new ConflictError(t.conflict);
  return {
    row: { id: saved.id, amount: saved.amount, old_balance: saved.old_balance, new_balance: saved.new_balance, updated_at: saved.updated_at },
    status: saved.status as DepositStatus,
    providerBalance: provider.deposit,
    providerStatus: provider.status,
    statusChanged: 'status' in patch,
  };
}

export function useUpdateDeposit() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ row, patch }: { row: DepositRow; patch: DepositPatch }) => updateDeposit(row, patch),
    onSuccess: (result) => {
      // The new version is on screen at once (a second edit of the row is not a false conflict).
      queryClient.setQueriesData<Page<DepositRow>>({ queryKey: depositKeys.lists() }, (page) =>
        page && {
          ...page,
          rows: page.rows.map((row) =>
            row.id === result.row.id
              ? { ...row, ...result.row, status: result.status, provider_balance: result.providerBalance, provider_status: result.providerStatus }
              : row,
          ),
        },
      );
      if (result.statusChanged) {
        toast.success(t.statusChanged(formatVnd(result.providerBalance), statusLabel('provider', result.providerStatus)));
      } else {
        toast.success(t.updated);
      }
    },
    onError: (error) => {
      toast.error(error instanceof ConflictError ? t.conflict : `${t.updateFailed} ${toVietnameseMessage(error, { action: 'save' })}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositKeys.all }),
  });
}
