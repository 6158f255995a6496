// Single-field updates of a service (name, icon, commission, order, visibility) with optimistic
// concurrency: only the version the admin saw (same updated_at) is changed; otherwise the list
// reloads and the admin is told. Each failure is toasted with the catalogue's message.
import { savedRow, unwrap } from '@/lib/errors/errors.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { catalogueKeys } from './keys.ts';
import { useCatalogueRowUpdate } from './catalogue-row-update.ts';
import { SERVICE_COLUMNS, type ServiceRow } from './catalogue-types.ts';

const t = catalogue.services;

export type ServicePatch =
  | { name: string }
  | { icon: string }
  | { commission_rate: number }
  | { sort_order: number }
  | { active: boolean };

export async function updateService(row: Pick<ServiceRow, 'id' | 'updated_at'>, patch: ServicePatch): Promise<ServiceRow> {
  const rows = unwrap(await supabase.from('subcategories').update(patch).eq('id', row.id).eq('updated_at', row.updated_at).select(SERVICE_COLUMNS));
  return savedRow(rows as ServiceRow[], t.conflict);
}

export function useUpdateService() {
  return useCatalogueRowUpdate({ update: updateService, lists: catalogueKeys.servicesAll(), rows: 'services', texts: t });
}
