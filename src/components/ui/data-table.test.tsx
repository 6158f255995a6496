// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  price: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Tên', cell: (row) => row.name, sortKey: 'name' },
  { key: 'price', header: 'Giá', cell: (row) => row.price, sortKey: 'price', align: 'right' },
];
const rows: Row[] = [
  { id: 'a', name: 'Gói 2 giờ', price: 160000 },
  { id: 'b', name: 'Gói 3 giờ', price: 240000 },
];

describe('<DataTable />', () => {
  it('rows with numbers continuing across pages', () => {
    render(<DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} rowNumberOffset={50} />);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual(['51Gói 2 giờ160000', '52Gói 3 giờ240000']);
    expect(screen.getByRole('columnheader', { name: 'STT' })).toBeTruthy();
  });

  it('loading, empty and error (with retry) states', () => {
    const { rerender } = render(<DataTable caption="Gói" columns={columns} rows={undefined} rowKey={(row) => row.id} isLoading />);
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
    rerender(<DataTable caption="Gói" columns={columns} rows={[]} rowKey={(row) => row.id} emptyTitle="Không có gói nào" />);
    expect(screen.getByText('Không có gói nào')).toBeTruthy();
    const onRetry = vi.fn();
    rerender(
      <DataTable
        caption="Gói"
        columns={columns}
        rows={undefined}
        rowKey={(row) => row.id}
        error={{ code: '42501', message: 'permission denied' }}
        errorTitle="Không thể tải danh sách gói dịch vụ"
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Không thể tải danh sách gói dịch vụ');
    expect(alert.textContent).toContain('Không có quyền truy cập dữ liệu');
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('sortable headers report the next sort and expose aria-sort', () => {
    const onSortChange = vi.fn();
    render(<DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} sort="price.desc" onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Giá/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Tên/ }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Giá/ }));
    fireEvent.click(screen.getByRole('button', { name: /Tên/ }));
    expect(onSortChange.mock.calls).toEqual([[''], ['name.asc']]);
  });

  it('the default order shows on its header until another sort is chosen', () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} sort="" defaultSort="price.desc" onSortChange={onSortChange} />,
    );
    expect(screen.getByRole('columnheader', { name: /Giá/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /Giá/ }));
    expect(onSortChange).toHaveBeenLastCalledWith('price.asc');
    rerender(<DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} sort="name.asc" defaultSort="price.desc" onSortChange={onSortChange} />);
    expect(screen.getByRole('columnheader', { name: /Giá/ }).getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Tên/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('a long unbroken text wraps inside its capped cell', () => {
    const long = 'X'.repeat(2000);
    render(<DataTable caption="Gói" columns={columns} rows={[{ id: 'x', name: long, price: 1 }]} rowKey={(row) => row.id} />);
    const wrapper = screen.getByText(long);
    expect(wrapper.className).toContain('break-words');
    expect(wrapper.className).toContain('max-w-xs');
  });

  it('renders every row of a page at once, and the next page in its place', () => {
    const page = (from: number) => Array.from({ length: 50 }, (_, i) => ({ id: `r${from + i}`, name: `Gói ${from + i}`, price: from + i }));
    const { rerender } = render(<DataTable caption="Gói" columns={columns} rows={undefined} rowKey={(row) => row.id} isLoading />);
    rerender(<DataTable caption="Gói" columns={columns} rows={page(1)} rowKey={(row) => row.id} rowNumberOffset={0} />);
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Gói 50')).toBeTruthy();
    rerender(<DataTable caption="Gói" columns={columns} rows={page(51)} rowKey={(row) => row.id} rowNumberOffset={50} />);
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Gói 100')).toBeTruthy();
  });
});
