// Query keys of the commissions feature: pages by filters, the stat cards, the service options.
import type { CommissionFilters } from './commission-filters.ts';

export const commissionKeys = {
  all: ['commissions'] as const,
  lists: () => [...commissionKeys.all, 'list'] as const,
  list: (filters: CommissionFilters, page: number) => [...commissionKeys.lists(), filters, page] as const,
  stats: (filters: CommissionFilters) => [...commissionKeys.all, 'stats', filters] as const,
  serviceOptions: () => [...commissionKeys.all, 'service-options'] as const,
};
