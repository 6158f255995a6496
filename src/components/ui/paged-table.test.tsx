// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PagedTable } from './paged-table.tsx';
import { Highlight } from './highlight.tsx';

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
      query={{ isPending: false, isFetching: false, error, refetch: () => undefined }}
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

  it('marks the searched term in a cell, accents ignored', () => {
    render(table(null));
    expect(screen.getByText('Nguyễn').tagName).toBe('MARK');
  });
});
