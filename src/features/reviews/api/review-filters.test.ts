import { describe, expect, it } from 'vitest';
import { toReviewArgs } from './review-filters.ts';

describe('review filters', () => {
  it('sends only valid filters', () => {
    expect(toReviewArgs({ search: '  ', rating: '', status: '' })).toEqual({});
    expect(toReviewArgs({ search: 'trễ', rating: '1', status: 'inactive' })).toEqual({
      p_search: 'trễ',
      p_rating: 1,
      p_status: 'inactive',
    });
    expect(toReviewArgs({ search: '', rating: '6', status: 'deleted' })).toEqual({});
  });
});
