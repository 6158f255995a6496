import { describe, expect, it, vi } from 'vitest';

// The modules under test import the supabase client; none of these tests calls it.
vi.mock('@/lib/supabase/supabase.ts', () => ({ supabase: {} }));
import { searchText, SEARCH_TEXT_MAX } from '@/features/search/api/admin-search.ts';
import { searchOptions } from './search-options.ts';

const person = (id: string, name: string) => ({ id, name, phone: '0912345678', email: `${id}@example.com`, status: 'active' });

describe('the options of the search palette', () => {
  it('orders bookings, customers, providers and opens each on its detail screen', () => {
    const options = searchOptions(
      {
        bookings: [
          {
            id: '00000000-0000-4000-a000-0000abcdef12',
            customer_name: 'Nguyễn Thị Ánh',
            service_name: 'Dọn nhà',
            service_item_name: 'Gói 2 giờ',
            status: 'pending',
            final_price: 180000,
            created_at: '2026-11-01T03:00:00Z',
          },
        ],
        customers: [person('c1', 'Khách A')],
        providers: [person('p1', 'Thợ P')],
      },
      'abcdef12',
    );
    expect(options.map((option) => [option.group, option.to])).toEqual([
      ['bookings', '/admin/bookings/00000000-0000-4000-a000-0000abcdef12'],
      ['customers', '/admin/customers/c1'],
      ['providers', '/admin/providers/p1'],
    ]);
    expect(options[0]?.title).toBe('#ABCDEF12 · Nguyễn Thị Ánh');
    expect(options[0]?.detail).toContain('Gói 2 giờ');
    expect(options[1]?.detail).toBe('0912345678 · c1@example.com · Hoạt động');
  });

  it('a full group of people ends with "see all" the list filtered by the text', () => {
    const customers = ['1', '2', '3', '4', '5'].map((n) => person(`c${n}`, `Nguyễn ${n}`));
    const options = searchOptions({ bookings: [], customers, providers: [] }, 'nguyễn');
    expect(options).toHaveLength(6);
    expect(options[5]).toMatchObject({ more: true, to: '/admin/customers?q=nguy%E1%BB%85n' });
  });
});

describe('searchText', () => {
  it('trims and bounds the text to SEARCH_TEXT_MAX characters', () => {
    expect(searchText('  0912 345 678  ')).toBe('0912 345 678');
    expect([...searchText('ắ'.repeat(500))]).toHaveLength(SEARCH_TEXT_MAX);
  });
});
