import { describe, expect, it } from 'vitest';
import { comboMode, crossCombos, offeredSorts, pairFilters, searchChoices, selectChoices, sortKeys, uniqueFilters } from './bench-combos.ts';

describe('bench:api filter × sort combinations', () => {
  const list = {
    label: 'reviews',
    fn: 'admin_list_reviews',
    filters: [
      { name: ', one star', args: { p_rating: 1 } },
      ...selectChoices('rating', ['', '2', '1'], (rating) => ({ p_rating: Number(rating) })),
      ...searchChoices('', (q) => ({ p_search: q })),
    ],
    sorts: ['', 'created_at.asc', 'created_at.desc', 'rating.asc', 'rating.desc'],
    defaultSort: 'created_at.desc',
  };

  it('offers each order a header click reaches, the default one once', () => {
    expect(offeredSorts(list.sorts, list.defaultSort)).toEqual(['', 'created_at.asc', 'rating.asc', 'rating.desc']);
    expect(sortKeys(list.sorts)).toEqual(['created_at', 'rating']);
  });

  it('keeps the first name of equal arguments and drops choices a translator emptied', () => {
    const names = uniqueFilters([{ name: '', args: {} }, ...list.filters, { name: ', status bogus', args: {} }]).map((f) => f.name);
    expect(names).toEqual(['', ', one star', ', rating 2', ', "do" (2 letters)', ', "nguyen van" (no accents)']);
  });

  it('crosses every filter with every order (all)', () => {
    const combos = crossCombos(list, 'all');
    expect(combos).toHaveLength(5 * 4);
    expect(combos.slice(0, 4).map((c) => c.name)).toEqual(['reviews', 'reviews, sort created_at.asc', 'reviews, sort rating.asc', 'reviews, sort rating.desc']);
    expect(combos.find((c) => c.name === 'reviews, rating 2, sort rating.desc')).toEqual({ name: 'reviews, rating 2, sort rating.desc', fn: 'admin_list_reviews', args: { p_rating: 2 }, sort: 'rating.desc' });
    expect(new Set(combos.map((c) => c.name)).size).toBe(combos.length);
  });

  it('varies one factor at a time (single)', () => {
    const combos = crossCombos(list, 'single');
    expect(combos.map((c) => c.name)).toEqual([
      'reviews',
      'reviews, sort created_at.asc',
      'reviews, sort rating.asc',
      'reviews, sort rating.desc',
      'reviews, one star',
      'reviews, rating 2',
      'reviews, "do" (2 letters)',
      'reviews, "nguyen van" (no accents)',
    ]);
  });

  it('sets two fields together (pairs): each generated choice with each of another field, in every order', () => {
    const pairs = pairFilters(list.filters);
    // rating 2, rating 1 × "do", "nguyen van"; the hand-listed ', one star' has no field.
    expect(pairs.map((p) => p.name)).toEqual([
      ', rating 2, "do" (2 letters)',
      ', rating 2, "nguyen van" (no accents)',
      ', rating 1, "do" (2 letters)',
      ', rating 1, "nguyen van" (no accents)',
    ]);
    expect(pairs[2]?.args).toEqual({ p_rating: 1, p_search: 'do' });
    const combos = crossCombos(list, 'pairs');
    expect(combos).toHaveLength(4 * 4);
    expect(combos.map((c) => c.name)).toContain('reviews, rating 1, "do" (2 letters), sort rating.desc');
    expect(combos.some((c) => Object.keys(c.args).length < 2)).toBe(false);
  });

  it('reads --combos', () => {
    expect(comboMode([])).toBe('all');
    expect(comboMode(['--combos=single'])).toBe('single');
    expect(comboMode(['--combos=pairs'])).toBe('pairs');
    expect(() => comboMode(['--combos=every'])).toThrow(/all, single or pairs/);
  });
});
