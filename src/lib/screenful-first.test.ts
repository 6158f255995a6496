import { describe, expect, it } from 'vitest';
import { FIRST_RENDER_ROWS, groupsHolding } from './screenful-first.ts';

describe('groupsHolding', () => {
  it('keeps whole groups until the rows of a screenful have started', () => {
    expect(groupsHolding([4, 4, 4, 4, 4, 4, 4], FIRST_RENDER_ROWS, (size) => size)).toEqual([4, 4, 4, 4, 4]);
    expect(groupsHolding([15, 15, 15], FIRST_RENDER_ROWS, (size) => size)).toEqual([15, 15]);
    expect(groupsHolding([30, 2], FIRST_RENDER_ROWS, (size) => size)).toEqual([30]);
  });

  it('counts an empty group as one line, so that a run of them still ends', () => {
    expect(groupsHolding(Array.from({ length: 40 }, () => 0), FIRST_RENDER_ROWS, (size) => size)).toHaveLength(FIRST_RENDER_ROWS);
  });

  it('returns the list itself when every group fits, and nothing of nothing', () => {
    const groups = [3, 5];
    expect(groupsHolding(groups, FIRST_RENDER_ROWS, (size) => size)).toBe(groups);
    expect(groupsHolding(groups, 58, (size) => size)).toBe(groups);
    expect(groupsHolding([], FIRST_RENDER_ROWS, (size: number) => size)).toEqual([]);
  });
});
