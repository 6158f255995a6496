// The catalogue's search (docs/search.md#catalogue): admin_catalogue_matches answers the ids of
// the professions, services and packages whose texts match the typed text, accents and case
// ignored; the screens then read those rows through REST with `.in('id', ids)`.
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

const matchesSchema = z.object({
  profession_ids: z.array(z.string()),
  service_ids: z.array(z.string()),
  package_ids: z.array(z.string()),
});

export type CatalogueMatches = z.infer<typeof matchesSchema>;

export async function fetchCatalogueMatches(search: string, signal?: AbortSignal): Promise<CatalogueMatches> {
  const call = supabase.rpc('admin_catalogue_matches', { p_search: search });
  return matchesSchema.parse(unwrap(await (signal ? call.abortSignal(signal) : call)));
}
