// The change history of a booking (audit log): newest first, who changed what, old → new.
import { ArrowRight } from 'lucide-react';
import { QueryStates } from '@/components/ui/states.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { formatDateTime } from '@/lib/format/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { useBookingHistory, type HistoryChange } from '@/features/bookings/api/booking-history-query.ts';
import { formatHistoryValue } from './history-format.ts';

function ChangeLine({ change }: { change: HistoryChange }) {
  return (
    <li className="flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-slate-700">{t.detail.fieldLabels[change.field] ?? change.field}:</span>
      <span className="text-slate-600">{formatHistoryValue(change.field, change.before)}</span>
      <ArrowRight className="size-3.5 text-slate-400" aria-hidden="true" />
      <span className="sr-only">→</span>
      <span className="text-slate-900">{formatHistoryValue(change.field, change.after)}</span>
    </li>
  );
}

export function BookingHistory({ bookingId }: { bookingId: string }) {
  const history = useBookingHistory(bookingId, true);
  return (
    <SectionCard titleId="booking-history-title" title={t.detail.history.title}>
      <QueryStates query={history} loadFailed={t.detail.history.loadFailed} empty={<p className="text-sm text-slate-500">{t.detail.history.empty}</p>}>
        {(entries) => (
          <ol className="space-y-3" data-testid="booking-history">
            {entries.map((entry) => (
              <li key={entry.id} className="border-l-2 border-teal-600 pl-3 text-sm">
                <p className="text-xs text-slate-500">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.actorEmail ?? t.detail.history.system}
                </p>
                {entry.action === 'insert' ? (
                  <p className="text-slate-800">{t.detail.history.created}</p>
                ) : entry.action === 'delete' ? (
                  <p className="text-slate-800">{t.detail.history.deleted}</p>
                ) : (
                  <ul className="mt-1 space-y-0.5">
                    {entry.changes.map((change) => (
                      <ChangeLine key={change.field} change={change} />
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryStates>
    </SectionCard>
  );
}
