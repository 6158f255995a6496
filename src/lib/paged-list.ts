// The one way the admin calls a paged list RPC (docs/architecture.md#paged-list-rpcs). Every
// `admin_list_*` function takes `p_count`: counted, it answers `{rows, total, total_exact}` with
// both figures set (the total is exact, or the planner's estimate with total_exact false); not
// counted (the CSV exports' keyset walks), total and total_exact are null. The answer is JSON built
// by SQL, so it is validated with zod against the caller's row schema before any screen sees it.
import { z } from 'zod';
import type { Database } from '@/types/database.ts';
import { unwrap } from './errors.ts';
import { supabase } from './supabase.ts';

type Functions = Database['public']['Functions'];

/** The paged list RPCs: every `admin_list_*` function of the schema. */
export type ListRpc = Extract<keyof Functions, `admin_list_${string}`>;

/** A list RPC's filter and paging arguments; `p_count` is the helper's. */
export type ListRpcArgs<F extends ListRpc> = Omit<Functions[F]['Args'], 'p_count'>;

export interface Page<Row> {
  rows: Row[];
  total: number;
  /** False when the total is the planner's estimate (the screen writes "khoảng"). */
  totalExact: boolean;
}

function countedSchema<Row>(row: z.ZodType<Row>) {
  return z.object({ rows: z.array(row), total: z.number(), total_exact: z.boolean() });
}

function uncountedSchema<Row>(row: z.ZodType<Row>) {
  return z.object({ rows: z.array(row), total: z.null(), total_exact: z.null() });
}

async function callList<F extends ListRpc>(fn: F, args: ListRpcArgs<F>, count: boolean, signal?: AbortSignal): Promise<unknown> {
  // Counting is p_count's default: only the uncounted walk names it.
  const body: Record<string, unknown> = count ? { ...args } : { ...args, p_count: false };
  const call = supabase.rpc(fn, body);
  return unwrap(await (signal ? call.abortSignal(signal) : call));
}

/** One counted page of a list RPC: its rows and the total of every row matching the filters. */
export async function fetchListPage<F extends ListRpc, Row>(
  fn: F,
  args: ListRpcArgs<F>,
  row: z.ZodType<Row>,
  signal?: AbortSignal,
): Promise<Page<Row>> {
  const data = countedSchema(row).parse(await callList(fn, args, true, signal));
  return { rows: data.rows, total: data.total, totalExact: data.total_exact };
}

/** Rows of a list RPC without counting (a chunk of an export's keyset walk). */
export async function fetchListRows<F extends ListRpc, Row>(fn: F, args: ListRpcArgs<F>, row: z.ZodType<Row>, signal?: AbortSignal): Promise<Row[]> {
  return uncountedSchema(row).parse(await callList(fn, args, false, signal)).rows;
}
