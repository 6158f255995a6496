// Bulk approve / pause / ban of the providers list (docs/screens.md#bulk-actions): one
// admin_bulk_set_provider_status call for the selected rows, each compared with the status the
// list showed (its rows carry no updated_at). A ban is not undone from the toast (it ended the
// sessions; a ban is lifted on the provider's page).
import { useBulkStatus } from '@/api/bulk-status-mutation.ts';
import type { BulkBatch } from '@/lib/lists/bulk.ts';
import { providerKeys } from './keys.ts';

export type ProviderBulkStatus = 'active' | 'inactive' | 'banned';

/** The batch setting `status` on `rows`, over the statuses the admin saw. */
export function providerBatch(rows: readonly { id: string; status: string }[], status: ProviderBulkStatus): BulkBatch {
  return { ids: rows.map((row) => row.id), statuses: rows.map(() => status), expected: rows.map((row) => row.status) };
}

export function useBulkProviderStatus() {
  return useBulkStatus({ fn: 'admin_bulk_set_provider_status', expectedArg: 'p_expected_statuses', invalidate: [providerKeys.all] });
}
