// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkBar } from './bulk-bar.tsx';
import { useRowSelection } from './row-selection.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { Toaster, toast } from './toast.tsx';

afterEach(() => {
  cleanup();
  toast.clear();
});

interface Row {
  id: string;
  name: string;
}

const PAGE_1: Row[] = [
  { id: 'a', name: 'Thợ A' },
  { id: 'b', name: 'Thợ B' },
  { id: 'c', name: 'Thợ C' },
];
const PAGE_2: Row[] = [{ id: 'd', name: 'Thợ D' }];
const columns: DataTableColumn<Row>[] = [{ key: 'name', header: 'Tên', cell: (row) => row.name }];

function List({ onAction }: { onAction?: (rows: Row[]) => void }) {
  const [page, setPage] = useState(1);
  const rows = page === 1 ? PAGE_1 : PAGE_2;
  const selection = useRowSelection({ rows, rowKey: (row) => row.id, rowLabel: (row) => row.name, resetKey: String(page) });
  return (
    <>
      <button type="button" onClick={() => setPage(2)}>
        Trang 2
      </button>
      <BulkBar count={selection.rows.length} onClear={selection.clear}>
        <button type="button" onClick={() => onAction?.(selection.rows)}>
          Duyệt
        </button>
      </BulkBar>
      <DataTable caption="Nhà cung cấp" columns={[selection.column, ...columns]} rows={rows} rowKey={(row) => row.id} />
    </>
  );
}

describe('row selection and the bulk bar', () => {
  it('checkboxes named in Vietnamese select rows; the bar counts them and acts on them', async () => {
    let acted: Row[] = [];
    render(<List onAction={(rows) => (acted = rows)} />);
    expect(screen.queryByRole('region', { name: 'Thao tác hàng loạt' })).toBeNull();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Chọn dòng Thợ A' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn dòng Thợ C' }));
    expect(screen.getByRole('region', { name: 'Thao tác hàng loạt' }).textContent).toContain('Đã chọn 2');
    const header = screen.getByRole('checkbox', { name: 'Chọn tất cả các dòng trên trang này' }) as HTMLInputElement;
    expect(header.indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Duyệt' }));
    expect(acted.map((row) => row.id)).toEqual(['a', 'c']);
  });

  it('the header checkbox selects the page, then clears it; "Bỏ chọn" clears too', async () => {
    render(<List />);
    const header = await screen.findByRole('checkbox', { name: 'Chọn tất cả các dòng trên trang này' }) as HTMLInputElement;
    fireEvent.click(header);
    expect(screen.getByText('Đã chọn 3')).toBeTruthy();
    expect(header.checked).toBe(true);
    fireEvent.click(header);
    expect(screen.queryByText(/Đã chọn/)).toBeNull();
    fireEvent.click(header);
    fireEvent.click(screen.getByRole('button', { name: 'Bỏ chọn' }));
    expect(screen.queryByText(/Đã chọn/)).toBeNull();
  });

  it('another page starts with nothing selected', async () => {
    render(<List />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Chọn dòng Thợ B' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trang 2' }));
    expect(screen.queryByText(/Đã chọn/)).toBeNull();
    expect((await screen.findByRole('checkbox', { name: 'Chọn dòng Thợ D' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('a toast with an action', () => {
  it('shows its button, which runs the action and closes the toast', () => {
    let undone = 0;
    render(<Toaster />);
    act(() => {
      toast.success('Đã ẩn 2 đánh giá', { action: { label: 'Hoàn tác', onClick: () => (undone += 1) } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hoàn tác' }));
    expect(undone).toBe(1);
    expect(toast.visible()).toEqual([]);
  });
});
