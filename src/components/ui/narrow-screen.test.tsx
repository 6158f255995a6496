// @vitest-environment jsdom
// Below 640 px (docs/screens.md#phones): a DataTable shows cards (loaded lazily) (title, facts under their
// headers, actions, a sort select), and a FilterBar folds its filters behind "Bộ lọc (n)".
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';
import { FilterBar, SearchInput, SelectFilter } from './filter-bar.tsx';

function matchMediaOf(narrow: boolean) {
  return (query: string) => ({
    matches: narrow,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', matchMediaOf(true));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Row {
  id: string;
  name: string;
  price: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Tên', cell: (row) => <a href={`/goi/${row.id}`}>{row.name}</a>, sortKey: 'name' },
  { key: 'price', header: 'Giá', cell: (row) => row.price, sortKey: 'price', align: 'right' },
  { key: 'note', header: 'Ghi chú', cell: () => 'ẩn', card: 'hidden' },
  { key: 'actions', header: 'Thao tác', cell: (row) => <button type="button">Sửa {row.name}</button>, card: 'action' },
];
const rows: Row[] = [
  { id: 'a', name: 'Gói 2 giờ', price: 160000 },
  { id: 'b', name: 'Gói 3 giờ', price: 240000 },
];

describe('<DataTable /> on a phone', () => {
  it('shows a card per row: the title with its link, the facts under their headers, the actions', async () => {
    render(<DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} rowNumberOffset={50} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(await screen.findByRole('list', { name: 'Gói' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Gói 2 giờ' }).getAttribute('href')).toBe('/goi/a');
    expect(first.getByText('Giá').tagName).toBe('DT');
    expect(first.getByText('160000').tagName).toBe('DD');
    expect(first.queryByText('Ghi chú')).toBeNull();
    expect(first.queryByText('Thao tác')).toBeNull();
    expect(first.getByRole('button', { name: 'Sửa Gói 2 giờ' })).toBeTruthy();
    expect(cards[0]!.textContent).toContain('51');
  });

  it('offers the sortable columns\' orders in a select', async () => {
    const onSortChange = vi.fn();
    render(
      <DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} sort="price.desc" defaultSort="name.asc" onSortChange={onSortChange} />,
    );
    const select = (await screen.findByRole('combobox', { name: 'Sắp xếp' })) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', 'name.asc', 'name.desc', 'price.asc', 'price.desc']);
    expect(select.value).toBe('price.desc');
    fireEvent.change(select, { target: { value: 'name.asc' } });
    expect(onSortChange).toHaveBeenLastCalledWith('');
    fireEvent.change(select, { target: { value: 'price.asc' } });
    expect(onSortChange).toHaveBeenLastCalledWith('price.asc');
  });

  it('is a table on a wider screen', () => {
    vi.stubGlobal('matchMedia', matchMediaOf(false));
    render(<DataTable caption="Gói" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});

describe('<FilterBar /> on a phone', () => {
  it('"Bộ lọc (n)" counts the filters set and unfolds them', () => {
    const options = [
      { value: 'active', label: 'Hoạt động' },
      { value: 'banned', label: 'Bị cấm' },
    ];
    const { rerender } = render(
      <FilterBar onClear={vi.fn()}>
        <SearchInput label="Tìm" value="" onChange={vi.fn()} />
        <SelectFilter label="Trạng thái" value="" options={options} onChange={vi.fn()} />
      </FilterBar>,
    );
    const toggle = screen.getByRole('button', { name: 'Bộ lọc (0)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    rerender(
      <FilterBar onClear={vi.fn()}>
        <SearchInput label="Tìm" value="an" onChange={vi.fn()} />
        <SelectFilter label="Trạng thái" value="banned" options={options} onChange={vi.fn()} />
      </FilterBar>,
    );
    expect(screen.getByRole('button', { name: 'Bộ lọc (2)' })).toBe(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.className).toContain('hidden');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).not.toContain('hidden');
    expect(screen.getByRole('button', { name: 'Xóa bộ lọc' })).toBeTruthy();
  });

  it('a lone search box does not fold', () => {
    render(
      <FilterBar>
        <SearchInput label="Tìm" value="" onChange={vi.fn()} />
      </FilterBar>,
    );
    expect(screen.queryByRole('button', { name: /Bộ lọc/ })).toBeNull();
  });
});
