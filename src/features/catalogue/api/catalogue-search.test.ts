import { describe, expect, it } from 'vitest';
import { ilikePattern, ilikeValue, searchOrFilter } from './catalogue-search.ts';

describe('catalogue search filters', () => {
  it('quotes values so commas and parentheses stay text', () => {
    expect(ilikeValue(' điện, nước (gấp) ')).toBe('"*điện, nước (gấp)*"');
  });

  it('escapes LIKE wildcards and quotes', () => {
    expect(ilikeValue('50%_"x"')).toBe('"*50\\\\%\\\\_\\"x\\"*"');
    expect(ilikePattern('50%')).toBe('%50\\%%');
  });

  it('builds the or filter with an id list', () => {
    expect(searchOrFilter(['name', 'icon'], 'bơm', { column: 'category_id', ids: ['a', 'b'] })).toBe(
      'name.ilike."*bơm*",icon.ilike."*bơm*",category_id.in.(a,b)',
    );
    expect(searchOrFilter(['name'], 'x', { column: 'category_id', ids: [] })).toBe('name.ilike."*x*"');
  });
});
