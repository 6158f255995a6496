import { describe, expect, it } from 'vitest';
import { deepestNumberedPage, growthKey, growthOrder, planPages, screenWindow, viewPageFallback } from './bench-pages.ts';

describe('screenWindow: the numbered window each screen uses', () => {
  it('bookings in the default order: every page, with status or since too', () => {
    expect(screenWindow('admin_list_bookings', {})).toBe(Infinity);
    expect(screenWindow('admin_list_bookings', { p_status: 'completed', p_since: '2026-11-01T00:00:00Z' }, 'created_at.desc')).toBe(Infinity);
  });

  it('bookings with a provider or another sort: 2,000 rows; with typed text: 500', () => {
    expect(screenWindow('admin_list_bookings', { p_provider_id: 'x' })).toBe(2000);
    expect(screenWindow('admin_list_bookings', {}, 'final_price.desc')).toBe(2000);
    expect(screenWindow('admin_list_bookings', { p_customer: 'nguyen' })).toBe(500);
    expect(screenWindow('admin_list_bookings', { p_package: 'Gói' }, 'final_price.desc')).toBe(500);
  });

  it('bookings with a period in another order: 500 rows; in creation order: 2,000 or every page', () => {
    expect(screenWindow('admin_list_bookings', { p_since: '2026-11-01T00:00:00Z' }, 'final_price.asc')).toBe(500);
    expect(screenWindow('admin_list_bookings', { p_since: '2026-11-01T00:00:00Z' }, 'customer_name.desc')).toBe(500);
    expect(screenWindow('admin_list_bookings', { p_since: '2026-11-01T00:00:00Z' }, 'created_at.asc')).toBe(2000);
    expect(screenWindow('admin_list_bookings', { p_since: '2026-11-01T00:00:00Z' }, '')).toBe(Infinity);
  });

  it('other lists: 500 with typed text, else 2,000 (blank text is no text)', () => {
    expect(screenWindow('admin_list_reviews', { p_search: 'tệ' })).toBe(500);
    expect(screenWindow('admin_list_conversations', { p_provider_name: 'do' })).toBe(500);
    expect(screenWindow('admin_list_reviews', { p_rating: 1 })).toBe(2000);
    expect(screenWindow('admin_list_customers', { p_search: '  ' })).toBe(2000);
    expect(screenWindow('admin_list_audit_log', { p_actor: 'admin@sandichvu.vn' })).toBe(2000);
  });
});

describe('planPages: the requests that reach each page', () => {
  const kinds = (plan: ReturnType<typeof planPages>) => plan.map((p) => [p.label, p.request]);

  it('one page: page 1 only; two pages: page 1 and the last by number', () => {
    expect(kinds(planPages(30, true, 2000))).toEqual([['page 1', { kind: 'offset', offset: 0 }]]);
    expect(kinds(planPages(0, true, 2000))).toEqual([['page 1', { kind: 'offset', offset: 0 }]]);
    expect(kinds(planPages(51, true, 2000))).toEqual([
      ['page 1', { kind: 'offset', offset: 0 }],
      ['last page (p. 2)', { kind: 'offset', offset: 50 }],
    ]);
  });

  it('a list inside the window: the real middle and the last page by number', () => {
    expect(kinds(planPages(600, true, 2000))).toEqual([
      ['page 1', { kind: 'offset', offset: 0 }],
      ['middle page (p. 6)', { kind: 'offset', offset: 250 }],
      ['last page (p. 12)', { kind: 'offset', offset: 550 }],
    ]);
    // 2,050 rows: page 41 (offset 2,000) is the last and still numbered.
    expect(kinds(planPages(2050, true, 2000)).at(-1)).toEqual(['last page (p. 41)', { kind: 'offset', offset: 2000 }]);
  });

  it('the bookings list in its default order: every page by number, the middle and the last of a million', () => {
    expect(kinds(planPages(1_000_600, false, Infinity))).toEqual([
      ['page 1', { kind: 'offset', offset: 0 }],
      ['middle page (p. 10006)', { kind: 'offset', offset: 500_250 }],
      ['last page (p. 20012)', { kind: 'offset', offset: 1_000_550 }],
    ]);
  });

  it('an estimated total past the window: deepest numbered page, next and previous by cursor, last by p_last', () => {
    const plan = planPages(275_000, false, 2000);
    expect(kinds(plan)).toEqual([
      ['page 1', { kind: 'offset', offset: 0 }],
      ['deepest numbered page (p. 41)', { kind: 'offset', offset: 2000 }],
      ['middle page (p. 42 via p_after)', { kind: 'after', from: 41 }],
      ['previous page (p. 42 via p_before)', { kind: 'before', from: 42 }],
      ['last page (p. ~5500 via p_last)', { kind: 'last', offset: 0, limit: 50 }],
    ]);
    expect(plan.every((p) => p.fallback === undefined)).toBe(true);
  });

  it('typed text: the window is page 11', () => {
    const plan = planPages(40_000, false, 500);
    expect(kinds(plan).slice(1, 3)).toEqual([
      ['deepest numbered page (p. 11)', { kind: 'offset', offset: 500 }],
      ['middle page (p. 12 via p_after)', { kind: 'after', from: 11 }],
    ]);
  });

  it('an exact total past the window: the last page by number, with fetchViewPage’s p_last fallback', () => {
    const plan = planPages(8000, true, 2000);
    expect(plan.at(-1)).toEqual({ label: 'last page (p. 160)', page: 160, request: { kind: 'offset', offset: 7950 }, fallback: { kind: 'last', offset: 0, limit: 50 } });
    expect(plan.map((p) => p.label)).toEqual(['page 1', 'deepest numbered page (p. 41)', 'middle page (p. 42 via p_after)', 'previous page (p. 42 via p_before)', 'last page (p. 160)']);
  });

  it('an exact total just past the window: "next" from page 41 is a page number counted from the end', () => {
    // 2,100 rows: page 42 (rows 2,051–2,100) is within 2,000 rows of the end.
    expect(kinds(planPages(2100, true, 2000))).toEqual([
      ['page 1', { kind: 'offset', offset: 0 }],
      ['deepest numbered page (p. 41)', { kind: 'offset', offset: 2000 }],
      ['middle page (p. 42)', { kind: 'offset', offset: 2050 }],
    ]);
  });

  it('no "previous" by cursor when the page after the middle one does not exist', () => {
    const plan = planPages(2060, false, 2000);
    expect(plan.map((p) => p.label)).toEqual(['page 1', 'deepest numbered page (p. 41)', 'middle page (p. 42 via p_after)', 'last page (p. ~42 via p_last)']);
  });
});

describe('helpers', () => {
  it('deepest numbered page: offset 2,000 = page 41, offset 500 = page 11', () => {
    expect(deepestNumberedPage(2000)).toBe(41);
    expect(deepestNumberedPage(500)).toBe(11);
    expect(deepestNumberedPage(Infinity)).toBe(Infinity);
  });

  it('viewPageFallback reads the page from the end of an exact total, as fetchViewPage does', () => {
    expect(viewPageFallback(160, 7990, true)).toEqual({ kind: 'last', offset: 0, limit: 40 });
    expect(viewPageFallback(100, 8000, true)).toEqual({ kind: 'last', offset: 3000, limit: 50 });
    expect(viewPageFallback(161, 8000, true)).toBeNull();
    expect(viewPageFallback(100, 8000, false)).toBeNull();
  });

  it('growthKey lines pages up across sizes', () => {
    expect(growthKey('reviews: middle page (p. 6)')).toBe('reviews: middle page');
    expect(growthKey('reviews: middle page (p. 42 via p_after)')).toBe('reviews: middle page');
    expect(growthKey('reviews: last page (p. ~5500 via p_last)')).toBe('reviews: last page');
    expect(growthKey('reviews, "tệ" (2 letters): page 1')).toBe('reviews, "tệ" (2 letters): page 1');
    expect(growthKey('provider detail: reviews, last page (p. 4)')).toBe('provider detail: reviews, last page');
  });

  it('growthOrder keeps each size’s order, a row of one size only after its predecessor there', () => {
    const seed = ['reviews: page 1', 'reviews: middle page', 'reviews: last page', 'audit log: page 1', 'audit log: last page'];
    const large = ['reviews: page 1', 'reviews: deepest numbered page', 'reviews: middle page', 'reviews: previous page', 'reviews: last page', 'audit log: page 1'];
    expect(growthOrder([seed, large])).toEqual([
      'reviews: page 1',
      'reviews: deepest numbered page',
      'reviews: middle page',
      'reviews: previous page',
      'reviews: last page',
      'audit log: page 1',
      'audit log: last page',
    ]);
    expect(growthOrder([['a', 'b'], ['a', 'b']])).toEqual(['a', 'b']);
  });
});
