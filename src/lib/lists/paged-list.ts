// The one way the admin calls a paged list RPC (docs/architecture.md#paged-list-rpcs). Every
// `admin_list_*` function takes `p_count`: counted, it answers `{rows, total, total_exact}` with
// both figures set (the total is exact, or the planner's estimate with total_exact false); not
// counted (the CSV exports' walks), total and total_exact are null. Each answer also carries the
// cursors of its first and last row, which page on in the same sort, and that sort: the one asked,
// or the list's default one for typed text with more than 5,000 matches (docs/search.md#sorting).
// The answer is JSON built by SQL, so it is validated with zod against the caller's row schema
// before any screen sees it.
import { z } from 'zod/mini';
import type { Database } from '@/types/database.ts';
import { ApiError, unwrap } from '@/lib/errors/errors.ts';
import { common } from '@/lib/messages/common.ts';
import { pageOffset, pageSizeOf, type ListView } from './paging.ts';
import { sortArg } from './sort.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

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
  /** Cursors of the page's first and last rows (null on an empty page). */
  firstCursor: string | null;
  lastCursor: string | null;
  /** The order the rows are in ('key.asc' / 'key.desc'): the one asked, or the list's default one. */
  sort: string | null;
}

const cursors = { first_cursor: z.nullish(z.string()), last_cursor: z.nullish(z.string()), sort: z.nullish(z.string()) };

function countedSchema<Row>(row: z.ZodMiniType<Row>) {
  return z.object({ rows: z.array(row), total: z.number(), total_exact: z.boolean(), ...cursors });
}

function uncountedSchema<Row>(row: z.ZodMiniType<Row>) {
  return z.object({ rows: z.array(row), total: z.null(), total_exact: z.null(), ...cursors });
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
  row: z.ZodMiniType<Row>,
  signal?: AbortSignal,
): Promise<Page<Row>> {
  const data = countedSchema(row).parse(await callList(fn, args, true, signal));
  return {
    rows: data.rows,
    total: data.total,
    totalExact: data.total_exact,
    firstCursor: data.first_cursor ?? null,
    lastCursor: data.last_cursor ?? null,
    sort: data.sort ?? null,
  };
}

/** Rows of a list RPC without counting (a chunk of an export's walk) and the cursor of the last one. */
export async function fetchListRows<F extends ListRpc, Row>(
  fn: F,
  args: ListRpcArgs<F>,
  row: z.ZodMiniType<Row>,
  signal?: AbortSignal,
): Promise<{ rows: Row[]; total: null; lastCursor: string | null }> {
  const data = uncountedSchema(row).parse(await callList(fn, args, false, signal));
  return { rows: data.rows, total: null, lastCursor: data.last_cursor ?? null };
}

/** A `?page=` too deep to open by its number (docs/search.md#deep-pages). */
export class DeepPageError extends Error {
  constructor(readonly page: number) {
    super(common.lists.deepPage(page));
    this.name = 'DeepPageError';
  }
}

function isOffsetWindowError(error: unknown): boolean {
  return error instanceof ApiError && error.code === '22023' && error.details === 'offset_window';
}

/**
 * The page of a list the URL points at, in its sort and page size (`view.size`): by cursor when it was reached by "next" /
 * "previous" past the numbered window; else by its number — as an offset, or, when the server
 * refuses the offset (beyond its window), from the end of an exactly counted list. A page past
 * the end answers no rows (the screen then goes back to the last page); a page in the middle of a
 * huge list is a DeepPageError, never a slow scan.
 */
export async function fetchViewPage<F extends ListRpc, Row>(
  fn: F,
  args: ListRpcArgs<F>,
  view: ListView,
  row: z.ZodMiniType<Row>,
  signal?: AbortSignal,
): Promise<Page<Row>> {
  const pageSize = pageSizeOf(view.size);
  const base = { ...args, ...sortArg(view.sort), p_limit: pageSize } as ListRpcArgs<F>;
  const call = (extra: Record<string, unknown>) => fetchListPage(fn, { ...base, ...extra } as ListRpcArgs<F>, row, signal);
  if (view.after !== '') return call({ p_after: view.after });
  if (view.before !== '') return call({ p_before: view.before });
  const offset = pageOffset(view.page, pageSize);
  const beyondWindow = async (attempt: () => Promise<Page<Row>>): Promise<Page<Row> | null> => {
    try {
      return await attempt();
    } catch (error) {
      if (isOffsetWindowError(error)) return null;
      throw error;
    }
  };
  const page = await beyondWindow(() => call({ p_offset: offset }));
  if (page !== null) return page;
  const head = await call({ p_offset: 0, p_limit: 1 });
  if (head.totalExact && offset >= head.total) return { ...head, rows: [], firstCursor: null, lastCursor: null };
  if (!head.totalExact) throw new DeepPageError(view.page);
  const end = Math.min(offset + pageSize, head.total);
  const fromEnd = await beyondWindow(() => call({ p_last: true, p_offset: head.total - end, p_limit: end - offset }));
  if (fromEnd === null) throw new DeepPageError(view.page);
  return fromEnd;
}

/**
 * Every row of a list in its sort, for a CSV export: chunks of `chunk` rows walked with the
 * answer's last cursor (one index seek each, at any depth), at most `cap` rows.
 */
export async function walkListRows<F extends ListRpc, Row>(
  fn: F,
  args: ListRpcArgs<F>,
  sort: string,
  row: z.ZodMiniType<Row>,
  options: { chunk: number; cap: number; onProgress?: (rows: number) => void; signal?: AbortSignal },
): Promise<{ rows: Row[]; truncated: boolean }> {
  const rows: Row[] = [];
  let after: string | null = null;
  for (;;) {
    const size = Math.min(options.chunk, options.cap - rows.length + 1);
    const body = { ...args, ...sortArg(sort), p_limit: size, ...(after === null ? {} : { p_after: after }) } as ListRpcArgs<F>;
    const chunk = await fetchListRows(fn, body, row, options.signal);
    rows.push(...chunk.rows);
    options.onProgress?.(Math.min(rows.length, options.cap));
    if (rows.length > options.cap) return { rows: rows.slice(0, options.cap), truncated: true };
    if (chunk.rows.length < size || chunk.lastCursor === null) return { rows, truncated: false };
    after = chunk.lastCursor;
  }
}
