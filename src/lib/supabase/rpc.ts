// One call of a database function whose answer is JSON built by SQL: the answer is validated with
// a zod schema before any screen sees it (docs/architecture.md#data-layer), so an answer of another
// shape fails loudly instead of showing wrong figures. Apart from the list helpers, so that a
// detail screen's stat cards do not load them.
import type { z } from 'zod/mini';
import type { Database } from '@/types/database.ts';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from './supabase.ts';

export type RpcName = keyof Database['public']['Functions'];
export type RpcArgs<F extends RpcName> = Database['public']['Functions'][F]['Args'];

/** The answer of `fn(args)`, parsed with `schema` (aborted with `signal` when given). */
export async function fetchRpc<F extends RpcName, T>(fn: F, args: RpcArgs<F>, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T> {
  const call = supabase.rpc(fn, args as Record<string, unknown>);
  return schema.parse(unwrap(await (signal ? call.abortSignal(signal) : call)));
}
