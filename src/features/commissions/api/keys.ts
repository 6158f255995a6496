// Query keys of the commissions feature: pages by filters and view (sort, page), the stat cards, the service options.
import type { ListView } from '@/lib/lists/paging.ts';
import type { CommissionFilters } from './commission-filters.ts';

export const commissionKeys = {
  all: ['commissions'] as const,
  lists: () => [...commissionKeys.all, 'list'] as const,
  list: (filters: CommissionFilters, view: ListView) => [...commissionKeys.lists(), filters, view] as const,
  stats: (filters: CommissionFilters) => [...commissionKeys.all, 'stats', filters] as const,
  serviceOptions: () => [...commissionKeys.all, 'service-options'] as const,
};
