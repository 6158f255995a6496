// Updates of a package: the dialog's fields, its order and its visibility. Only the version the
// admin saw (same updated_at) is changed (optimistic concurrency); otherwise the admin is told.
import { savedRow, unwrap } from '@/lib/errors/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { catalogueKeys } from './keys.ts';
import { useCatalogueRowUpdate } from './catalogue-row-update.ts';
import type { PackageValues } from './catalogue-rules.ts';
import { PACKAGE_COLUMNS, type PackageRow } from './catalogue-types.ts';

const t = catalogue.packages;

export type PackagePatch = PackageValues | { sort_order: number } | { active: boolean };

export async function updatePackage(row: Pick<PackageRow, 'id' | 'updated_at'>, patch: PackagePatch): Promise<PackageRow> {
  const rows = unwrap(await supabase.from('service_items').update(patch).eq('id', row.id).eq('updated_at', row.updated_at).select(PACKAGE_COLUMNS));
  return savedRow(rows as PackageRow[], t.conflict);
}

export function useUpdatePackage() {
  return useCatalogueRowUpdate({ update: updatePackage, lists: catalogueKeys.packagesAll(), rows: 'packages', texts: t });
}
