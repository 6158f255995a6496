// What uses a service, a package or a promotion code, and deleting one that nothing uses
// (docs/product.md#catalogue-deletion). The database decides: admin_catalogue_usage counts the
// references, and a delete of a referenced row is refused (foreign keys that restrict, the
// discount_codes_delete_unused trigger) with 23503, whoever sends it.
import { z } from 'zod/mini';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

export type CatalogueKind = 'service' | 'package' | 'promotion';

const usageSchema = z.nullable(
  z.object({
    bookings: z.number(),
    packages: z.optional(z.number()),
    promotions: z.optional(z.number()),
    uses: z.optional(z.number()),
  }),
);

export type CatalogueUsage = NonNullable<z.infer<typeof usageSchema>>;

const TABLE = { service: 'subcategories', package: 'service_items', promotion: 'discount_codes' } as const;

/** The references of a row; null when it no longer exists. */
export async function fetchCatalogueUsage(kind: CatalogueKind, id: string): Promise<CatalogueUsage | null> {
  const data: unknown = unwrap(await supabase.rpc('admin_catalogue_usage', { p_kind: kind, p_id: id }));
  return usageSchema.parse(data ?? null);
}

/** True when the usage forbids the delete: bookings, packages (of a service) or uses (of a code). Promotion links of a service do not. */
export function isInUse(usage: CatalogueUsage): boolean {
  return usage.bookings > 0 || (usage.packages ?? 0) > 0 || (usage.uses ?? 0) > 0;
}

/** Deletes the row; false when there was none to delete. Throws the database's refusal (23503 when something uses it). */
export async function deleteCatalogueRow(kind: CatalogueKind, id: string): Promise<boolean> {
  const rows = unwrap(await supabase.from(TABLE[kind]).delete().eq('id', id).select('id'));
  return rows.length > 0;
}
