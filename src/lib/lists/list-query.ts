// The reads of a list screen that follow its filters (docs/architecture.md#data-layer): one page of
// a paged list RPC in the view the URL names, and the RPC answer behind the screen's stat cards.
// Both keep the previous answer on screen while the next filters load, and validate what SQL
// answered with zod (lib/lists/paged-list.ts, lib/supabase/rpc.ts) before a screen sees it.
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { fetchViewPage, type ListRpc, type ListRpcArgs } from './paged-list.ts';
import type { ListView } from './paging.ts';
import { fetchRpc, type RpcArgs, type RpcName } from '@/lib/supabase/rpc.ts';

/** The query of one page of a list (`fetchViewPage` of lib/lists/paged-list.ts). */
export function listPageQueryOptions<K extends QueryKey, F extends ListRpc, Row>(
  queryKey: K,
  fn: F,
  args: ListRpcArgs<F>,
  view: ListView,
  row: z.ZodMiniType<Row>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchViewPage(fn, args, view, row, signal),
    placeholderData: keepPreviousData,
  });
}

/** The query of the stat cards of a filtered list: one RPC over every row matching the filters. */
export function listStatsQueryOptions<K extends QueryKey, F extends RpcName, T>(queryKey: K, fn: F, args: RpcArgs<F>, schema: z.ZodMiniType<T>) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchRpc(fn, args, schema, signal),
    placeholderData: keepPreviousData,
  });
}
