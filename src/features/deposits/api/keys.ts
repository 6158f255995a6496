// Query keys of the deposit history feature: pages by filters and the stat cards.
import type { DepositFilters } from './deposit-filters.ts';

export const depositKeys = {
  all: ['deposits'] as const,
  lists: () => [...depositKeys.all, 'list'] as const,
  list: (filters: DepositFilters, page: number) => [...depositKeys.lists(), filters, page] as const,
  stats: (filters: DepositFilters) => [...depositKeys.all, 'stats', filters] as const,
};
