// @vitest-environment jsdom
// The page size of every list (`?size=`, docs/screens.md#page-size): 20 / 50 / 100 in the URL, 50 for
// anything else; the pager's select writes it and goes back to page 1.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { LIST_VIEW_DEFAULTS, PAGE_SIZE, PAGE_SIZES, listView, pageSizeOf } from './paging.ts';
import { parseUrlState, useListPageSize } from './url-state.ts';
import { Pagination } from '@/components/ui/pagination.tsx';

afterEach(cleanup);

const DEFAULTS = { q: '', ...LIST_VIEW_DEFAULTS };

describe('?size= in the URL state of a list', () => {
  it('every list defaults to 50 rows a page and offers 20, 50 and 100', () => {
    expect(PAGE_SIZE).toBe(50);
    expect(PAGE_SIZES).toEqual([20, 50, 100]);
    expect(LIST_VIEW_DEFAULTS.size).toBe(50);
  });

  it('reads 20 and 100; anything else falls back to 50', () => {
    expect(parseUrlState(new URLSearchParams('size=20'), DEFAULTS).size).toBe(20);
    expect(parseUrlState(new URLSearchParams('size=100'), DEFAULTS).size).toBe(100);
    for (const bad of ['7', '1000', '-20', 'abc', '', '20.5', '0'])
      expect(parseUrlState(new URLSearchParams({ size: bad }), DEFAULTS).size, `size=${bad}`).toBe(50);
  });

  it('the view a list query gets carries the size', () => {
    expect(listView({ sort: '', page: 2, after: '', before: '', size: 100 }).size).toBe(100);
    expect(listView({ sort: '', page: 2, after: '', before: '' }).size).toBe(50);
    expect(pageSizeOf('20')).toBe(50);
  });
});

function Probe() {
  const [size, setSize] = useListPageSize();
  return (
    <div>
      <output data-testid="size">{size}</output>
      <Pagination page={3} total={1000} pageSize={size} onPageChange={() => undefined} onPageSizeChange={setSize} />
    </div>
  );
}

describe('useListPageSize and the pager select', () => {
  it('shows the URL size, writes the chosen one, drops the page and its cursor, leaves the default out', () => {
    const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: ['/list?q=an&page=3&after=c&size=20'] });
    render(<RouterProvider router={router} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Số dòng mỗi trang');
    expect(select.value).toBe('20');
    expect(screen.getByText('Hiển thị 41–60 trên 1.000')).toBeTruthy();
    act(() => {
      fireEvent.change(select, { target: { value: '100' } });
    });
    expect(router.state.location.search).toBe('?q=an&size=100');
    expect(screen.getByTestId('size').textContent).toBe('100');
    act(() => {
      fireEvent.change(select, { target: { value: '50' } });
    });
    expect(router.state.location.search).toBe('?q=an');
  });

  it('an invalid ?size= shows 50', () => {
    const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: ['/list?size=35'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Số dòng mỗi trang').value).toBe('50');
  });
});
