// "Xuất CSV" for the bookings list: exports every row matching the current filters (all pages,
// fetched 1,000 at a time, up to the cap) with progress and a cancel button.
import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toast.tsx';
import { downloadCsv } from '@/lib/lists/csv.ts';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { formatNumber } from '@/lib/format/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import type { BookingListFilters } from '@/features/bookings/api/booking-filters.ts';
import {
  EXPORT_ROW_CAP,
  ExportCanceledError,
  bookingsToCsv,
  collectBookingsForExport,
  exportFileName,
  type ExportProgress,
} from '@/features/bookings/api/bookings-export.ts';
import { fetchBookingsChunk } from '@/features/bookings/api/bookings-query.ts';

export function ExportBookingsButton({ filters }: { filters: BookingListFilters }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ done: 0, expected: 0 });
    try {
      const result = await collectBookingsForExport(filters, (args, count) => fetchBookingsChunk(args, count, abort.signal), {
        sort: filters.sort,
        signal: abort.signal,
        onProgress: setProgress,
      });
      if (result.rows.length === 0) {
        toast.info(t.list.export.empty);
        return;
      }
      downloadCsv(exportFileName(), bookingsToCsv(result.rows));
      toast.success(t.list.export.done(formatNumber(result.rows.length)));
      if (result.capped) toast.info(t.list.export.capped(formatNumber(EXPORT_ROW_CAP)));
    } catch (error) {
      if (error instanceof ExportCanceledError) toast.info(t.list.export.canceled);
      else toast.error(`${t.list.export.failed}: ${toVietnameseMessage(error)}`);
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <Button
        variant="secondary"
        icon={<Download className="size-4" aria-hidden="true" />}
        loading={progress !== null}
        onClick={() => void run()}
      >
        {progress === null ? t.list.export.button : t.list.export.preparing}
      </Button>
      {progress !== null ? (
        <>
          <span role="status" className="text-sm text-slate-600 tabular-nums">
            {t.list.export.progress(formatNumber(progress.done), formatNumber(progress.expected))}
          </span>
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            {t.list.export.cancel}
          </Button>
        </>
      ) : null}
    </div>
  );
}
