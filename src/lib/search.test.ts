import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, isUuid, orContainsValue, searchOrFilter } from './search.ts';

describe('search helpers', () => {
  it('accepts uuids in any case and nothing else', () => {
    expect(isUuid('00000000-0000-4000-A000-000000000003')).toBe(true);
    expect(isUuid('00000000-0000-4000-a000-00000000000')).toBe(false);
    expect(isUuid("00000000-0000-4000-a000-000000000003' or 1=1")).toBe(false);
    expect(isUuid('')).toBe(false);
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_x\\')).toBe('50\\%\\_x\\\\');
    expect(containsPattern('  50% ')).toBe('%50\\%%');
  });

  it('quotes or=() values so commas and parentheses stay text', () => {
    expect(orContainsValue(' điện, nước (gấp) ')).toBe('"%điện, nước (gấp)%"');
    expect(orContainsValue('50%_"x"')).toBe('"%50\\\\%\\\\_\\"x\\"%"');
  });

  it('builds the or filter with an id list', () => {
    expect(searchOrFilter(['name', 'icon'], 'bơm', { column: 'category_id', ids: ['a', 'b'] })).toBe(
      'name.ilike."%bơm%",icon.ilike."%bơm%",category_id.in.(a,b)',
    );
    expect(searchOrFilter(['name'], 'x', { column: 'category_id', ids: [] })).toBe('name.ilike."%x%"');
  });
});
