// Query keys of the promotion codes feature (lists by filters and view: sort, page).
import type { ListView } from '@/lib/lists/paging.ts';

export interface PromotionListFilters {
  search: string;
  type: string;
  status: string;
}

export const promotionKeys = {
  all: ['promotions'] as const,
  lists: () => [...promotionKeys.all, 'list'] as const,
  list: (filters: PromotionListFilters, view: ListView) => [...promotionKeys.lists(), filters, view] as const,
  stats: () => [...promotionKeys.all, 'stats'] as const,
  details: () => [...promotionKeys.all, 'detail'] as const,
  detail: (id: string) => [...promotionKeys.details(), id] as const,
  services: (id: string) => [...promotionKeys.detail(id), 'services'] as const,
  catalogue: () => [...promotionKeys.all, 'catalogue'] as const,
};
