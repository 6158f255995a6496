import { describe, expect, it } from 'vitest';
import { nameOrEmailFilter } from './customer-rules.ts';

describe('nameOrEmailFilter', () => {
  it('searches both columns case-insensitively', () => {
    expect(nameOrEmailFilter(' Lan ')).toBe('name.ilike.*Lan*,email.ilike.*Lan*');
  });

  it('is null for a blank search', () => {
    expect(nameOrEmailFilter('  ')).toBeNull();
    expect(nameOrEmailFilter('(),')).toBeNull();
  });

  it('cannot break out of the or=(…) syntax and matches wildcards literally', () => {
    expect(nameOrEmailFilter('a,b)or(c')).toBe('name.ilike.*a b or c*,email.ilike.*a b or c*');
    expect(nameOrEmailFilter('100%_x')).toBe('name.ilike.*100\\%\\_x*,email.ilike.*100\\%\\_x*');
  });
});
