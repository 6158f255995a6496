// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryStates } from './states.tsx';

afterEach(cleanup);

const query = (over: Partial<{ isLoading: boolean; isError: boolean; error: unknown; data: string[] | undefined }>) => ({
  isLoading: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  data: undefined,
  ...over,
});

function show(q: ReturnType<typeof query>) {
  render(
    <QueryStates query={q} loadFailed="Không thể tải" empty={<p>Trống</p>}>
      {(rows) => <ul>{rows.map((row) => <li key={row}>{row}</li>)}</ul>}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('loading, then the rows', () => {
    show(query({ isLoading: true }));
    expect(screen.getByRole('status')).toBeTruthy();
    cleanup();
    show(query({ data: ['a', 'b'] }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
  });

  it('the empty text for no rows (or no answer yet)', () => {
    show(query({ data: [] }));
    expect(screen.getByText('Trống')).toBeTruthy();
    cleanup();
    show(query({}));
    expect(screen.getByText('Trống')).toBeTruthy();
  });

  it('the error with its title and a retry that refetches', () => {
    const q = query({ isError: true, error: new Error('boom') });
    show(q);
    expect(screen.getByText('Không thể tải')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(q.refetch).toHaveBeenCalledOnce();
  });
});
