// The admin's saved views of a list (docs/screens.md#saved-views): rows of public.admin_saved_views
// (RLS: an admin reads and writes only their own) for one screen, and their save and delete. A view
// is the list's query string without its position (page and cursors): filters, sort and page size.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError, unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

/** Bounds the table's constraints set (supabase/schemas/32_admin_saved_views.sql). */
export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
export const SAVED_VIEWS_PER_ADMIN = 50;

/** URL parameters a view does not keep: where the list was, not what it shows. */
const POSITION_KEYS = ['page', 'after', 'before'];

const savedViewSchema = z.object({ id: z.string(), name: z.string(), query: z.string() });
export type SavedView = z.infer<typeof savedViewSchema>;

/** The query string a view keeps of a URL's search (`?status=pending&page=3` → `status=pending`), sorted by key. */
export function savedViewQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of POSITION_KEYS) params.delete(key);
  params.sort();
  return params.toString();
}

export const savedViewKeys = {
  all: ['saved-views'] as const,
  screen: (screen: string) => [...savedViewKeys.all, screen] as const,
};

export function savedViewsQueryOptions(screen: string) {
  return queryOptions({
    queryKey: savedViewKeys.screen(screen),
    queryFn: async ({ signal }) =>
      z
        .array(savedViewSchema)
        .parse(unwrap(await supabase.from('admin_saved_views').select('id, name, query').eq('screen', screen).order('name').abortSignal(signal))),
  });
}

export function useSavedViews(screen: string) {
  return useQuery(savedViewsQueryOptions(screen));
}

/** Why a save was refused, when the table's rules refused it. */
export type SaveRefusal = 'nameTaken' | 'tooMany' | 'queryTooLong';

export function saveRefusal(error: unknown): SaveRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === '23505') return 'nameTaken';
  if (error.code === '23514' && /admin_saved_views_count|at most \d+ saved views/.test(`${error.message} ${error.details}`)) return 'tooMany';
  if (error.code === '23514' && /admin_saved_views_query_check/.test(error.message)) return 'queryTooLong';
  return null;
}

export function useSaveView(screen: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, query }: { name: string; query: string }) =>
      savedViewSchema.parse(unwrap(await supabase.from('admin_saved_views').insert({ screen, name: name.trim(), query }).select('id, name, query').single())),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.screen(screen) }),
  });
}

export function useDeleteView(screen: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (view: SavedView) => {
      unwrap(await supabase.from('admin_saved_views').delete().eq('id', view.id));
      return view;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewKeys.screen(screen) }),
  });
}
