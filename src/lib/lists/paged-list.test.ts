import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase/supabase.ts', () => ({ supabase: { rpc } }));

const { DeepPageError, fetchListPage, fetchListRows, fetchViewPage, walkListRows } = await import('./paged-list.ts');
const { ApiError } = await import('@/lib/errors/errors.ts');
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
    expect(page).toEqual({ rows: [{ id: 'a', amount: 1 }], total: 120, totalExact: false, firstCursor: null, lastCursor: null, sort: null });
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
    const chunk = await fetchListRows('admin_list_deposits', { p_limit: 1000 }, row, new AbortController().signal);
    expect(rpc).toHaveBeenCalledWith('admin_list_deposits', { p_limit: 1000, p_count: false });
    expect(chunk).toEqual({ rows: [{ id: 'b', amount: 2 }], total: null, lastCursor: null });
  });

  it('pages are 1-based, 50 rows', () => {
    expect(pageArgs(1)).toEqual({ p_limit: 50, p_offset: 0 });
    expect(pageArgs(0)).toEqual({ p_limit: 50, p_offset: 0 });
    expect(pageArgs(2, 10)).toEqual({ p_limit: 10, p_offset: 10 });
  });
});

const view = (page: number, extra: { sort?: string; after?: string; before?: string; size?: number } = {}) => ({ sort: '', after: '', before: '', page, size: 50, ...extra });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, amount: i }));
function failure(error: InstanceType<typeof ApiError>, status: number) {
  const result = { data: null, error, status };
  return { abortSignal: () => Promise.resolve(result), then: (resolve: (value: typeof result) => unknown) => resolve(result) };
}
const offsetRefused = () => failure(new ApiError({ message: 'offset beyond the numbered pages', code: '22023', status: 400, details: 'offset_window' }), 400);

describe('a page of a list in its sort (docs/search.md#deep-pages)', () => {
  it('asks a numbered page by its offset, with the sort', async () => {
    rpc.mockReturnValue(answer({ rows: rows(50), total: 400, total_exact: true, first_cursor: '[0,"r0"]', last_cursor: '[49,"r49"]' }));
    const page = await fetchViewPage('admin_list_deposits', { p_status: 'pending' }, view(3, { sort: 'amount.asc' }), row);
    expect(rpc).toHaveBeenCalledWith('admin_list_deposits', { p_status: 'pending', p_sort: 'amount.asc', p_limit: 50, p_offset: 100 });
    expect(page.lastCursor).toBe('[49,"r49"]');
  });

  it('follows the cursor the URL keeps past the window', async () => {
    rpc.mockReturnValue(answer({ rows: rows(50), total: 900_000, total_exact: false }));
    await fetchViewPage('admin_list_bookings', {}, view(260, { after: '["2026-01-01",1]' }), row);
    expect(rpc).toHaveBeenLastCalledWith('admin_list_bookings', { p_limit: 50, p_after: '["2026-01-01",1]' });
    await fetchViewPage('admin_list_bookings', {}, view(259, { before: '["2026-01-02",2]' }), row);
    expect(rpc).toHaveBeenLastCalledWith('admin_list_bookings', { p_limit: 50, p_before: '["2026-01-02",2]' });
  });

  it('reads a deep page of an exactly counted list from its end when the server refuses the offset', async () => {
    rpc
      .mockReturnValueOnce(offsetRefused())
      .mockReturnValueOnce(answer({ rows: rows(1), total: 12_020, total_exact: true }))
      .mockReturnValueOnce(answer({ rows: rows(20), total: 12_020, total_exact: true }));
    // page 241 holds rows 12,000–12,019: the last 20 rows (beyond the window from the start)
    const page = await fetchViewPage('admin_list_reviews', {}, view(241), row);
    expect(rpc.mock.calls.map((call) => call[1])).toEqual([
      { p_limit: 50, p_offset: 12_000 },
      { p_limit: 1, p_offset: 0 },
      { p_limit: 20, p_offset: 0, p_last: true },
    ]);
    expect(page.rows).toHaveLength(20);
  });

  it('a page past the end answers no rows; a page in the middle of a huge list is a clear error', async () => {
    rpc.mockReturnValueOnce(offsetRefused()).mockReturnValueOnce(answer({ rows: rows(1), total: 500, total_exact: true }));
    expect((await fetchViewPage('admin_list_reviews', {}, view(400), row)).rows).toEqual([]);
    rpc.mockReset();
    rpc.mockReturnValueOnce(offsetRefused()).mockReturnValueOnce(answer({ rows: rows(1), total: 900_000, total_exact: false }));
    const failure = fetchViewPage('admin_list_bookings', {}, view(3000), row);
    await expect(failure).rejects.toBeInstanceOf(DeepPageError);
    await expect(failure).rejects.toThrow(/Trang 3.000/);
  });

  it('asks the page size the URL chose (?size=20 / 100), and 50 for anything else', async () => {
    rpc.mockReturnValue(answer({ rows: rows(20), total: 400, total_exact: true }));
    await fetchViewPage('admin_list_reviews', {}, view(3, { size: 20 }), row);
    expect(rpc).toHaveBeenLastCalledWith('admin_list_reviews', { p_limit: 20, p_offset: 40 });
    await fetchViewPage('admin_list_reviews', {}, view(2, { size: 100 }), row);
    expect(rpc).toHaveBeenLastCalledWith('admin_list_reviews', { p_limit: 100, p_offset: 100 });
    await fetchViewPage('admin_list_reviews', {}, view(2, { size: 7 }), row);
    expect(rpc).toHaveBeenLastCalledWith('admin_list_reviews', { p_limit: 50, p_offset: 50 });
  });

  it('lets any other error through', async () => {
    rpc.mockReturnValue(failure(new ApiError({ message: 'timeout', code: '57014', status: 500 }), 500));
    await expect(fetchViewPage('admin_list_bookings', {}, view(300), row)).rejects.toMatchObject({ code: '57014' });
    expect(rpc).toHaveBeenCalledTimes(1);
  });
});

describe('walking a list for its export', () => {
  it('follows the last cursor of each chunk in the shown sort and stops at the cap', async () => {
    rpc
      .mockReturnValueOnce(answer({ rows: rows(3), total: null, total_exact: null, last_cursor: 'c3' }))
      .mockReturnValueOnce(answer({ rows: rows(3), total: null, total_exact: null, last_cursor: 'c6' }));
    const result = await walkListRows('admin_list_commissions', { p_search: 'do' }, 'platform_fee.desc', row, { chunk: 3, cap: 5 });
    expect(rpc.mock.calls.map((call) => call[1])).toEqual([
      { p_search: 'do', p_sort: 'platform_fee.desc', p_limit: 3, p_count: false },
      { p_search: 'do', p_sort: 'platform_fee.desc', p_limit: 3, p_after: 'c3', p_count: false },
    ]);
    expect(result.rows).toHaveLength(5);
    expect(result.truncated).toBe(true);
  });

  it('ends on a short chunk, not truncated', async () => {
    rpc.mockReturnValueOnce(answer({ rows: rows(2), total: null, total_exact: null, last_cursor: 'c2' }));
    expect(await walkListRows('admin_list_deposits', {}, '', row, { chunk: 3, cap: 10 })).toEqual({ rows: rows(2), truncated: false });
  });
});
