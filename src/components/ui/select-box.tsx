// One checkbox of a list's selection column (row-selection.tsx): a row's, named "Chọn dòng …", or
// the header's, named "Chọn tất cả các dòng trên trang này", checked when the whole page is and
// mixed when part of it is. Native: Tab reaches it, Space toggles it. Loaded lazily (default export).
import { useCallback } from 'react';
import { selection as t } from '@/lib/messages/selection.ts';

export default function SelectBox({
  checked,
  indeterminate = false,
  row,
  onChange,
  disabled = false,
}: {
  checked: boolean;
  indeterminate?: boolean;
  /** The row's label; absent: the header's checkbox, for the page. */
  row?: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const ref = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.indeterminate = indeterminate;
    },
    [indeterminate],
  );
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      disabled={disabled}
      aria-label={row === undefined ? t.selectPage : t.selectRow(row)}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 cursor-pointer accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
    />
  );
}
