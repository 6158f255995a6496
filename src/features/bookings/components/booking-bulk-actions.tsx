// The bulk status change of the bookings list (docs/screens.md#bulk-actions): a status select and
// "Đổi trạng thái"; the click reads the selected bookings fresh with what their money depends on and
// shows the summed preview (commissions created or removed, each provider's earnings before →
// after) in a confirmation, as the booking page does for one; nothing is written before "Xác
// nhận". A booking that changed since the list showed it, or that the change does not fit
// (already in that status, no provider for a done status), is named and nothing opens. The whole
// bar loads when rows are first selected.
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button.tsx';
import { BulkBar } from '@/components/ui/bulk-bar.tsx';
import type { RowSelection } from '@/components/ui/row-selection.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { statusLabel, statusOptions } from '@/components/ui/status-badge.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { formatVnd, shortBookingId } from '@/lib/format/format.ts';
import { bulkRefusal, nameRows } from '@/lib/lists/bulk.ts';
import { bookings } from '@/lib/messages/bookings.ts';
import { bulk } from '@/lib/messages/bulk.ts';
import { isBookingStatus, type BookingStatus } from '@/features/bookings/api/booking-filters.ts';
import { bulkBookingStatusEffect, type BulkBookingStatusEffect } from '@/features/bookings/api/booking-bulk-effect.ts';
import { fetchBulkBookingEffect } from '@/features/bookings/api/booking-bulk-effect-query.ts';
import { useBulkBookingStatus } from '@/features/bookings/api/bookings-bulk-status-mutation.ts';
import { bookingKeys } from '@/features/bookings/api/keys.ts';
import type { BookingRow } from '@/features/bookings/api/bookings-query.ts';

const t = bulk.bookings;

function EffectLines({ effect }: { effect: BulkBookingStatusEffect }) {
  const lines = effect.from.map(({ status, count }) => t.intro(count, statusLabel('booking', status)));
  if (effect.created.count > 0) lines.push(t.createCommissions(effect.created.count, formatVnd(effect.created.platformFee), formatVnd(effect.created.servicePrice)));
  if (effect.removed.count > 0) lines.push(t.removeCommissions(effect.removed.count, formatVnd(effect.removed.platformFee)));
  if (effect.removed.withoutCommission > 0) lines.push(t.noCommissions(effect.removed.withoutCommission));
  for (const earning of effect.earnings) lines.push(bookings.statusConfirm.earnings(earning.name, formatVnd(earning.before), formatVnd(earning.after)));
  if (effect.created.count + effect.removed.count + effect.removed.withoutCommission === 0) lines.push(t.noMoney);
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="mt-1 block first:mt-0" data-testid="bulk-status-effect">
          {line}
        </span>
      ))}
    </>
  );
}

export function BookingBulkActions({ selection }: { selection: RowSelection<BookingRow> }) {
  const selectId = useId();
  const queryClient = useQueryClient();
  const mutation = useBulkBookingStatus();
  const [target, setTarget] = useState<BookingStatus | ''>('');
  const [computing, setComputing] = useState(false);
  const [pending, setPending] = useState<{ to: BookingStatus; ids: string[]; expected: string[]; effect: BulkBookingStatusEffect } | null>(null);
  const rows = selection.rows;
  const labels = new Map(rows.map((row) => [row.id, `#${shortBookingId(row.id)}`]));
  const labelOf = (id: string) => labels.get(id);

  const preview = async (to: BookingStatus) => {
    setComputing(true);
    try {
      const fresh = await fetchBulkBookingEffect(rows.map((row) => row.id));
      const now = new Map(fresh.rows.map((row) => [row.id, row]));
      // What the list showed is what the admin chose from: a booking changed since then stops here.
      const changed = rows.filter((row) => now.get(row.id)?.status !== row.status).map((row) => row.id);
      if (changed.length > 0) {
        toast.error(bulkRefusal({ changed, ineligible: [] }, rows.length, labelOf));
        void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
        return;
      }
      const ordered = rows.map((row) => now.get(row.id)).filter((row) => row !== undefined);
      const effect = bulkBookingStatusEffect(ordered, to, fresh.inputs);
      if (effect.ineligible.length > 0) {
        toast.error(t.ineligible(nameRows(effect.ineligible, labelOf)));
        return;
      }
      setPending({ to, ids: ordered.map((row) => row.id), expected: ordered.map((row) => row.updatedAt), effect });
    } catch {
      toast.error(bookings.statusConfirm.computeFailed);
    } finally {
      setComputing(false);
    }
  };

  const confirm = () => {
    if (!pending) return;
    const { to, ids, expected } = pending;
    mutation.mutate(
      {
        batch: { ids, statuses: ids.map(() => to), expected },
        labels,
        done: (count) => t.changed(count, statusLabel('booking', to)),
        reversible: true,
      },
      {
        onSuccess: () => selection.clear(),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <BulkBar count={rows.length} onClear={selection.clear} busy={mutation.isPending}>
      <label htmlFor={selectId} className="text-sm text-slate-700">
        {t.statusLabel}
      </label>
      <select
        id={selectId}
        value={target}
        onChange={(event) => setTarget(isBookingStatus(event.target.value) ? event.target.value : '')}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm focus:outline-2 focus:outline-teal-600"
      >
        <option value="">{t.choose}</option>
        {statusOptions('booking').map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        disabled={target === '' || computing || mutation.isPending}
        loading={computing}
        onClick={() => {
          if (target !== '') void preview(target);
        }}
      >
        {t.apply}
      </Button>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !mutation.isPending) setPending(null);
        }}
        title={pending ? t.confirmTitle(pending.ids.length, statusLabel('booking', pending.to)) : ''}
        description={pending ? <EffectLines effect={pending.effect} /> : null}
        confirmLabel={t.confirm}
        pending={mutation.isPending}
        onConfirm={confirm}
      />
    </BulkBar>
  );
}
