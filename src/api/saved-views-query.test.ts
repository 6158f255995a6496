import { describe, expect, it, vi } from 'vitest';

// The modules under test import the supabase client; none of these tests calls it.
vi.mock('@/lib/supabase/supabase.ts', () => ({ supabase: {} }));
import { ApiError } from '@/lib/errors/errors.ts';
import { saveRefusal, savedViewQuery } from './saved-views-query.ts';

describe('saved views', () => {
  it('a view keeps the filters, sort and size of the URL, not its position', () => {
    expect(savedViewQuery('?status=pending&page=3&sort=final_price.desc&after=x&size=20')).toBe('size=20&sort=final_price.desc&status=pending');
    expect(savedViewQuery('?page=2')).toBe('');
  });

  it('names the rule a refused save broke', () => {
    expect(saveRefusal(new ApiError({ message: 'duplicate key value violates unique constraint "admin_saved_views_name_key"', code: '23505' }))).toBe('nameTaken');
    expect(saveRefusal(new ApiError({ message: 'at most 50 saved views per admin', code: '23514' }))).toBe('tooMany');
    expect(saveRefusal(new ApiError({ message: 'new row violates check constraint "admin_saved_views_query_check"', code: '23514' }))).toBe('queryTooLong');
    expect(saveRefusal(new Error('network'))).toBeNull();
  });
});
