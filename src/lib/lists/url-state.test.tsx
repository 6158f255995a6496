// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { applyUrlStatePatch, pageRange, parseUrlState, serializeUrlState, useKeepPageInRange, useUrlState } from './url-state.ts';

afterEach(cleanup);

const DEFAULTS = { q: '', status: '', sort: 'created_at.desc', page: 1 };
const ALLOWED = { status: ['', 'pending', 'completed'] };

describe('parse / serialize', () => {
  it('reads typed values and falls back to defaults for missing or invalid ones', () => {
    const params = new URLSearchParams('q=Lan&status=completed&page=3&other=keep');
    expect(parseUrlState(params, DEFAULTS, { allowed: ALLOWED })).toEqual({ q: 'Lan', status: 'completed', sort: 'created_at.desc', page: 3 });
    expect(parseUrlState(new URLSearchParams('page=abc&status=hacked'), DEFAULTS, { allowed: ALLOWED })).toEqual(DEFAULTS);
    expect(parseUrlState(new URLSearchParams('page=-4'), DEFAULTS).page).toBe(1);
    expect(parseUrlState(new URLSearchParams('page=2.7'), DEFAULTS).page).toBe(2);
  });
  it('cuts a search text longer than SEARCH_MAX_LENGTH (a 23,849-character link) to 100 characters; cursors are kept whole', () => {
    const long = 'ắ'.repeat(23_849);
    const state = parseUrlState(new URLSearchParams({ q: long }), DEFAULTS);
    expect(state.q).toBe('ắ'.repeat(100));
    const cursor = `["${'x'.repeat(150)}",1]`;
    expect(parseUrlState(new URLSearchParams({ after: cursor }), { ...DEFAULTS, after: '' }).after).toBe(cursor);
  });
  it('omits defaults and keeps unrelated parameters', () => {
    const next = serializeUrlState({ ...DEFAULTS, status: 'pending', page: 2 }, DEFAULTS, new URLSearchParams('other=keep&q=old'));
    expect(next.toString()).toBe('other=keep&status=pending&page=2');
  });
});

describe('applyUrlStatePatch', () => {
  const current = { ...DEFAULTS, q: 'an', page: 4 };
  it('a filter or sort change sends the list back to page 1', () => {
    expect(applyUrlStatePatch(current, { status: 'completed' }, DEFAULTS)).toEqual({ ...current, status: 'completed', page: 1 });
    expect(applyUrlStatePatch(current, { sort: 'final_price.asc' }, DEFAULTS).page).toBe(1);
  });
  it('changing only the page keeps the filters', () => {
    expect(applyUrlStatePatch(current, { page: 5 }, DEFAULTS)).toEqual({ ...current, page: 5 });
  });
  it('setting a filter to its current value keeps the page; keepPageOn keys too', () => {
    expect(applyUrlStatePatch(current, { q: 'an' }, DEFAULTS).page).toBe(4);
    expect(applyUrlStatePatch(current, { sort: 'x.asc' }, DEFAULTS, ['sort']).page).toBe(4);
  });
});

describe('pageRange', () => {
  it('zero-based inclusive range for PostgREST', () => {
    expect(pageRange(1, 50)).toEqual({ from: 0, to: 49 });
    expect(pageRange(3, 50)).toEqual({ from: 100, to: 149 });
    expect(pageRange(0, 50)).toEqual({ from: 0, to: 49 });
  });
});

function Probe() {
  const [state, setState, reset] = useUrlState(DEFAULTS, { allowed: ALLOWED });
  return (
    <div>
      <output data-testid="state">{JSON.stringify(state)}</output>
      <button type="button" onClick={() => setState({ status: 'completed' })}>
        filter
      </button>
      <button type="button" onClick={() => setState({ page: state.page + 1 })}>
        next
      </button>
      <button type="button" onClick={reset}>
        reset
      </button>
    </div>
  );
}

describe('useUrlState', () => {
  it('reads the URL, writes changes to it, resets the page on filter change, survives a "reload"', () => {
    const router = createMemoryRouter([{ path: '/admin/bookings', element: <Probe /> }], {
      initialEntries: ['/admin/bookings?page=3&q=Lan&tab=x'],
    });
    const { unmount } = render(<RouterProvider router={router} />);
    const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as typeof DEFAULTS;
    expect(state()).toEqual({ ...DEFAULTS, q: 'Lan', page: 3 });

    act(() => screen.getByText('next').click());
    expect(state().page).toBe(4);
    expect(router.state.location.search).toBe('?page=4&q=Lan&tab=x');

    act(() => screen.getByText('filter').click());
    expect(state()).toEqual({ ...DEFAULTS, q: 'Lan', status: 'completed', page: 1 });
    expect(router.state.location.search).toBe('?q=Lan&tab=x&status=completed');

    // A reload: a fresh router on the same URL shows the same state.
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();
    const reloaded = createMemoryRouter([{ path: '/admin/bookings', element: <Probe /> }], { initialEntries: [url] });
    render(<RouterProvider router={reloaded} />);
    expect(state()).toEqual({ ...DEFAULTS, q: 'Lan', status: 'completed', page: 1 });

    act(() => screen.getByText('reset').click());
    expect(state()).toEqual(DEFAULTS);
    expect(reloaded.state.location.search).toBe('?tab=x');
  });
});

/** A list of `rows` rows, 10 a page, whose total claims `claimed` rows (estimated when they differ). */
function PagedList({ rows, claimed, settled = true }: { rows: number; claimed: number; settled?: boolean }) {
  const [state, setState] = useUrlState(DEFAULTS);
  const shown = Math.max(0, Math.min(10, rows - (state.page - 1) * 10));
  useKeepPageInRange(setState, { page: state.page, settled, empty: shown === 0, lastPage: Math.ceil(claimed / 10) });
  return <output data-testid="page">{state.page}</output>;
}

describe('useKeepPageInRange', () => {
  const open = (search: string, props: { rows: number; claimed: number; settled?: boolean }) => {
    const router = createMemoryRouter([{ path: '/admin/x', element: <PagedList {...props} /> }], { initialEntries: [`/admin/x${search}`] });
    render(<RouterProvider router={router} />);
    return router;
  };

  it('replaces a page past the end with the last page, without a new history entry', () => {
    const router = open('?page=9', { rows: 25, claimed: 25 });
    expect(screen.getByTestId('page').textContent).toBe('3');
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes to page 1 when an estimated total claims pages that are empty', () => {
    const router = open('?page=5', { rows: 25, claimed: 60 });
    expect(screen.getByTestId('page').textContent).toBe('1');
    expect(router.state.location.search).toBe('');
  });

  it('leaves a page with rows, and waits while the list is still loading', () => {
    open('?page=2', { rows: 25, claimed: 25 });
    expect(screen.getByTestId('page').textContent).toBe('2');
    cleanup();
    open('?page=9', { rows: 25, claimed: 25, settled: false });
    expect(screen.getByTestId('page').textContent).toBe('9');
  });
});
