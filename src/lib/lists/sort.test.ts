import { describe, expect, it } from 'vitest';
import { applyUrlStatePatch, parseUrlState, serializeUrlState } from './url-state.ts';
import { effectiveSort, nextSort, parseSort, sortArg, sortKeysOf, sortValues } from './sort.ts';

describe('sort strings', () => {
  it('parse "column.asc|desc" and nothing else', () => {
    expect(parseSort('created_at.desc')).toEqual({ column: 'created_at', ascending: false });
    expect(parseSort('name.asc')).toEqual({ column: 'name', ascending: true });
    expect(parseSort('name')).toBeNull();
    expect(parseSort('name.up')).toBeNull();
    expect(parseSort("name.asc;drop table x")).toBeNull();
  });

  it('a header click cycles ascending → descending → default', () => {
    expect(nextSort('', 'name')).toBe('name.asc');
    expect(nextSort('name.asc', 'name')).toBe('name.desc');
    expect(nextSort('name.desc', 'name')).toBe('');
    expect(nextSort('price.desc', 'name')).toBe('name.asc');
  });

  it('the default order shows on its header and is never written to the URL', () => {
    const byDate = 'created_at.desc';
    expect(effectiveSort('', byDate)).toEqual({ column: 'created_at', ascending: false });
    expect(effectiveSort('name.asc', byDate)).toEqual({ column: 'name', ascending: true });
    expect(nextSort('', 'created_at', byDate)).toBe('created_at.asc');
    // descending created_at is the default: back to '' rather than "created_at.desc"
    expect(nextSort('created_at.asc', 'created_at', byDate)).toBe('');
    expect(nextSort('', 'name', byDate)).toBe('name.asc');
  });

  it('lists the URL values a list allows and sends only an explicit sort', () => {
    expect(sortValues(['name', 'price'])).toEqual(['', 'name.asc', 'name.desc', 'price.asc', 'price.desc']);
    expect(sortKeysOf([{ sortKey: 'name' }, {}, { sortKey: 'price' }])).toEqual(['name', 'price']);
    expect(sortArg('')).toEqual({});
    expect(sortArg('price.desc')).toEqual({ p_sort: 'price.desc' });
  });
});

describe('sort in the URL', () => {
  const defaults = { q: '', sort: '', page: 1 };
  const allowed = { sort: sortValues(['name', 'created_at']) };

  it('survives a reload: read back from the query string, unknown sorts fall back to the default', () => {
    const url = serializeUrlState({ q: 'nguyen', sort: 'name.desc', page: 3 }, defaults);
    expect(url.toString()).toBe('q=nguyen&sort=name.desc&page=3');
    expect(parseUrlState(new URLSearchParams(url.toString()), defaults, { allowed })).toEqual({ q: 'nguyen', sort: 'name.desc', page: 3 });
    expect(parseUrlState(new URLSearchParams('sort=phone.asc'), defaults, { allowed }).sort).toBe('');
  });

  it('a new sort goes back to page 1', () => {
    expect(applyUrlStatePatch({ q: '', sort: '', page: 4 }, { sort: 'name.asc' }, defaults)).toEqual({ q: '', sort: 'name.asc', page: 1 });
  });
});

describe('page cursors in the URL', () => {
  const defaults = { q: '', sort: '', page: 1, after: '', before: '' };

  it('a cursor holds only for the move that set it', () => {
    const deep = applyUrlStatePatch({ ...defaults, page: 201 }, { page: 202, after: '["2026-01-01",1]', before: '' }, defaults);
    expect(deep).toEqual({ ...defaults, page: 202, after: '["2026-01-01",1]' });
    expect(applyUrlStatePatch(deep, { page: 1 }, defaults)).toEqual({ ...defaults, page: 1 });
    expect(applyUrlStatePatch(deep, { sort: 'name.asc' }, defaults)).toEqual({ ...defaults, sort: 'name.asc', page: 1 });
    expect(applyUrlStatePatch(deep, { q: 'nguyen' }, defaults)).toEqual({ ...defaults, q: 'nguyen', page: 1 });
  });
});
