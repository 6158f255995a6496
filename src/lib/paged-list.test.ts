import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('./supabase.ts', () => ({ supabase: { rpc } }));

const { fetchListPage, fetchListRows } = await import('./paged-list.ts');
const { pageArgs } = await import('./paging.ts');

const row = z.object({ id: z.string(), amount: z.number() });

function answer(data: unknown) {
  const result = { data, error: null, status: 200 };
  return { abortSignal: () => Promise.resolve(result), then: (resolve: (value: typeof result) => unknown) => resolve(result) };
}

beforeEach(() => rpc.mockReset());

describe('paged list RPCs', () => {
  it('counts (p_count left at its default, true) and returns rows with the total', async () => {
    rpc.mockReturnValue(answer({ rows: [{ id: 'a', amount: 1 }], total: 120, total_exact: false }));
    const page = await fetchListPage('admin_list_deposits', { p_status: 'pending', ...pageArgs(3) }, row);
    expect(rpc).toHaveBeenCalledWith('admin_list_deposits', { p_status: 'pending', p_limit: 50, p_offset: 100 });
    expect(page).toEqual({ rows: [{ id: 'a', amount: 1 }], total: 120, totalExact: false });
  });

  it('refuses a counted answer without its total', async () => {
    rpc.mockReturnValue(answer({ rows: [] }));
    await expect(fetchListPage('admin_list_commissions', {}, row)).rejects.toThrow();
    rpc.mockReturnValue(answer({ rows: [], total: null, total_exact: null }));
    await expect(fetchListPage('admin_list_commissions', {}, row)).rejects.toThrow();
  });

  it('refuses rows of another shape', async () => {
    rpc.mockReturnValue(answer({ rows: [{ id: 'a', amount: '1' }], total: 1, total_exact: true }));
    await expect(fetchListPage('admin_list_deposits', {}, row)).rejects.toThrow();
  });

  it('walks without counting: total and total_exact are null', async () => {
    rpc.mockReturnValue(answer({ rows: [{ id: 'b', amount: 2 }], total: null, total_exact: null }));
    const rows = await fetchListRows('admin_list_deposits', { p_limit: 1000 }, row, new AbortController().signal);
    expect(rpc).toHaveBeenCalledWith('admin_list_deposits', { p_limit: 1000, p_count: false });
    expect(rows).toEqual([{ id: 'b', amount: 2 }]);
  });

  it('pages are 1-based, 50 rows', () => {
    expect(pageArgs(1)).toEqual({ p_limit: 50, p_offset: 0 });
    expect(pageArgs(0)).toEqual({ p_limit: 50, p_offset: 0 });
    expect(pageArgs(2, 10)).toEqual({ p_limit: 10, p_offset: 10 });
  });
});
