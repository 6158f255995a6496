// The back office's one React Query cache, shared by the admin root (its provider) and the routes'
// loaders (src/app/admin-loader.ts), which fill it while the screen's chunk is still loading.
// The public site never loads this module.
import { createQueryClient } from '@/lib/query/query-client.ts';

export const adminQueryClient = createQueryClient();
