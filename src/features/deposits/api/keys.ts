// Query keys of the deposit history feature: pages by filters and view (sort, page), and the stat cards.
import type { ListView } from '@/lib/lists/paging.ts';
import type { DepositFilters } from './deposit-filters.ts';

export const depositKeys = {
  all: ['deposits'] as const,
  lists: () => [...depositKeys.all, 'list'] as const,
  list: (filters: DepositFilters, view: ListView) => [...depositKeys.lists(), filters, view] as const,
  stats: (filters: DepositFilters) => [...depositKeys.all, 'stats', filters] as const,
};
