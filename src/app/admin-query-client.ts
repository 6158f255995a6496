// The back office's one React Query cache, shared by the admin root (its provider) and the route
// prefetcher (src/app/admin-prefetch.ts), which fills it while the route's chunk is still loading.
// The public site never loads this module.
import { createQueryClient } from '@/lib/query-client.ts';

export const adminQueryClient = createQueryClient();
