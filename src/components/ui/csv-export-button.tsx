// "Xuất CSV" of a finance list: runs `run` (which fetches every row of the current filters in
// chunks and reports how many it has), shows the count while it works, downloads
// `<fileStem>-<today in Vietnam>.csv`, says so when the export stopped at its cap, and turns a
// failure into a Vietnamese toast.
import type { QueryKey } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadCsv } from '@/lib/lists/csv.ts';
import { toVietnameseMessage } from '@/lib/errors/errors.ts';
import { todayInVietnamIso } from '@/lib/format/format.ts';
import { common } from '@/lib/messages/common.ts';
import { Button } from './button.tsx';
import { RefreshQueryButton } from './refresh-button.tsx';
import { toast } from './toast.tsx';
import { formatNumber } from '@/lib/format/format.ts';

export interface CsvExportResult {
  csv: string;
  rows: number;
  truncated: boolean;
}

type CsvExportButtonProps = {
  run: (onProgress: (rows: number) => void) => Promise<CsvExportResult>;
  fileStem: string;
  disabled?: boolean;
  texts: { exporting: string; exportFailed: string; exportTooMany: (rows: number) => string };
};

export function CsvExportButton({
  run,
  fileStem,
  disabled = false,
  texts,
}: CsvExportButtonProps) {
  const [exporting, setExporting] = useState<number | null>(null);

  async function onExport() {
    setExporting(0);
    try {
      const result = await run(setExporting);
      downloadCsv(`${fileStem}-${todayInVietnamIso()}.csv`, result.csv);
      if (result.truncated) toast.info(texts.exportTooMany(result.rows));
    } catch (error) {
      toast.error(`${texts.exportFailed} ${toVietnameseMessage(error)}`);
    } finally {
      setExporting(null);
    }
  }

  return (
    <Button
      variant="secondary"
      loading={exporting !== null}
      disabled={disabled}
      icon={<Download className="size-4" aria-hidden="true" />}
      onClick={() => void onExport()}
    >
      {exporting !== null ? `${texts.exporting} ${formatNumber(exporting)}` : common.actions.exportCsv}
    </Button>
  );
}

/** The header actions of a finance list: "Làm mới" of its queries and "Xuất CSV" of every filtered row, disabled while nothing matches. */
export function RefreshAndExportActions({
  queryKey,
  total,
  ...exportProps
}: Omit<CsvExportButtonProps, 'disabled'> & { queryKey: QueryKey; total: number | undefined }) {
  return (
    <>
      <RefreshQueryButton queryKey={queryKey} />
      <CsvExportButton {...exportProps} disabled={(total ?? 0) === 0} />
    </>
  );
}
