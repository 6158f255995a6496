// The table of one catalogue group (the services of a profession, the packages of a service):
// the column headers, then a row per item numbered from 1, dimmed while the item is hidden from
// customers. The caller gives the cells after the number.
import type { ReactNode } from 'react';

export function CatalogueTable<Row extends { id: string; active: boolean }>({
  headers,
  rows,
  cells,
}: {
  /** Every column's header, the number's included. */
  headers: readonly string[];
  rows: readonly Row[];
  cells: (row: Row) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, index) => (
            <tr key={row.id} className={row.active ? 'hover:bg-slate-50' : 'bg-slate-50 text-slate-500'}>
              <td className="px-3 py-2 tabular-nums text-slate-500">{index + 1}</td>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
