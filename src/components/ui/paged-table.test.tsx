// @vitest-environment jsdom
import { cleanup, render as renderUi, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ListTable, PagedTable, pageNavigation } from './paged-table.tsx';
import { Highlight } from './highlight.tsx';

// The pager reads the page size from the URL (`?size=`): every table renders inside a router.
const render = (ui: ReactElement) => renderUi(ui, { wrapper: MemoryRouter });

afterEach(cleanup);

const columns = [{ key: 'name', header: 'Tên', cell: (row: { id: string; name: string }) => <Highlight text={row.name} term="nguyen" /> }];
const rows = [{ id: 'a', name: 'Nguyễn Văn An' }];

function table(error: unknown) {
  return (
    <PagedTable
      caption="Khách hàng"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      query={{ isPending: false, isFetching: false, isPlaceholderData: false, error, refetch: () => undefined }}
      page={1}
      total={105}
      onNavigate={() => undefined}
    />
  );
}

describe('<PagedTable />', () => {
  it('shows the range of the answer, and no stale range beside an error', () => {
    const { rerender } = render(table(null));
    expect(screen.getByText('Hiển thị 1–50 trên 105')).toBeTruthy();
    rerender(table({ code: '57014', message: 'canceling statement due to statement timeout' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText(/Hiển thị/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).toBeNull();
  });

  it('with an estimated total and its note, offers no page the server would refuse by number (the last one included)', () => {
    render(
      <ListTable
        list={{
          isPending: false,
          isFetching: false,
          isPlaceholderData: false,
          error: null,
          refetch: () => undefined,
          data: { rows, total: 275_000, totalExact: false, firstCursor: 'f', lastCursor: 'l' },
        }}
        texts={{ title: 'Đánh giá', loadFailed: 'Lỗi', noMatch: 'Không khớp', empty: 'Trống', approximateTotal: (total) => `Khoảng ${total} đánh giá` }}
        filtered={false}
        columns={columns}
        page={1}
        onNavigate={() => undefined}
      />,
    );
    expect(screen.getByText('Khoảng 275000 đánh giá')).toBeTruthy();
    expect(screen.getByText(/trên khoảng/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /5500/ })).toBeNull();
  });

  it('a live refetch of the shown page keeps the pager usable and the rows undimmed; another page loading stops both', () => {
    const pages: unknown[] = [];
    const view = (state: { isFetching: boolean; isPlaceholderData: boolean }) => (
      <PagedTable
        caption="Khách hàng"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        query={{ isPending: false, ...state, error: null, refetch: () => undefined }}
        page={1}
        total={105}
        onNavigate={(position) => pages.push(position)}
      />
    );
    const { rerender } = render(view({ isFetching: true, isPlaceholderData: false }));
    const next = () => screen.getByRole('button', { name: 'Trang sau' }) as HTMLButtonElement;
    expect(next().disabled).toBe(false);
    next().click();
    expect(pages).toEqual([{ page: 2, after: '', before: '' }]);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBeNull();
    expect(screen.getByRole('table').querySelector('tbody')?.className).not.toContain('opacity-60');

    rerender(view({ isFetching: true, isPlaceholderData: true }));
    expect(next().disabled).toBe(true);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('table').querySelector('tbody')?.className).toContain('opacity-60');
  });

  it('says so, and shows the order in the headers, when the server answered in another order than the one asked', () => {
    const sortable = [
      { key: 'name', header: 'Tên', sortKey: 'name', cell: (row: { id: string; name: string }) => row.name },
      { key: 'created', header: 'Ngày tạo', sortKey: 'created_at', cell: () => '' },
    ];
    const view = (served: string, isPlaceholderData = false) => (
      <ListTable
        list={{
          isPending: false,
          isFetching: isPlaceholderData,
          isPlaceholderData,
          error: null,
          refetch: () => undefined,
          data: { rows, total: 40_000, totalExact: false, firstCursor: 'f', lastCursor: 'l', sort: served },
        }}
        texts={{ title: 'Khách hàng', loadFailed: 'Lỗi', noMatch: 'Không khớp', empty: 'Trống' }}
        filtered
        columns={sortable}
        sort="name.asc"
        defaultSort="created_at.desc"
        onSortChange={() => undefined}
        page={1}
        onNavigate={() => undefined}
      />
    );
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    const { rerender } = render(view('created_at.desc'));
    expect(screen.getByRole('status').textContent).toContain('khớp với hơn 5.000 mục');
    expect(header('Ngày tạo').getAttribute('aria-sort')).toBe('descending');
    expect(header('Tên').getAttribute('aria-sort')).toBeNull();

    // The rows of another request kept while the new one loads say nothing about its order.
    rerender(view('created_at.desc', true));
    expect(screen.queryByText(/khớp với hơn 5.000 mục/)).toBeNull();

    rerender(view('name.asc'));
    expect(screen.queryByText(/khớp với hơn 5.000 mục/)).toBeNull();
    expect(header('Tên').getAttribute('aria-sort')).toBe('ascending');
  });

  it('marks the searched term in a cell, accents ignored', () => {
    render(table(null));
    expect(screen.getByText('Nguyễn').tagName).toBe('MARK');
  });
});

describe('pageNavigation (docs/search.md#deep-pages)', () => {
  it('opens pages by number within 2,000 rows of either end of an exact total (500 with typed text)', () => {
    const nav = pageNavigation(1, { total: 30_000, exact: true });
    expect(nav.reachable(41)).toBe(true); // offset 2,000
    expect(nav.reachable(42)).toBe(false);
    expect(nav.reachable(600)).toBe(true); // the last page
    expect(nav.reachable(560)).toBe(true); // rows 27,950–27,999: 2,000 from the end
    expect(nav.reachable(559)).toBe(false);
    expect(nav.position(600)).toEqual({ page: 600, after: '', before: '' });
    const text = pageNavigation(1, { total: 30_000, exact: true, window: 500 });
    expect(text.reachable(11)).toBe(true);
    expect(text.reachable(12)).toBe(false);
    expect(pageNavigation(1, { total: 1_000_000, exact: true, window: Infinity }).reachable(12_345)).toBe(true);
  });

  it('past the window, next and previous follow the shown page\'s cursors; other pages are not offered', () => {
    const nav = pageNavigation(250, { total: 900_000, exact: false, cursors: { first: 'f', last: 'l' } });
    expect(nav.position(251)).toEqual({ page: 251, after: 'l', before: '' });
    expect(nav.position(249)).toEqual({ page: 249, after: '', before: 'f' });
    expect(nav.reachable(252)).toBe(false);
    expect(nav.reachable(18_000)).toBe(false); // an estimated total has no reachable end
    expect(nav.position(1)).toEqual({ page: 1, after: '', before: '' });
  });
});
