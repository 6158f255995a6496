// Rows of the catalogue screens, defined once for the three of them (professions, services,
// packages) with the columns each screen selects. A row is the public site's view of it
// (lib/supabase/public-api.ts) plus what only the admin reads: visibility, commission, version.
import type { PublicCategory, PublicPackage, PublicService } from '@/lib/supabase/public-api.ts';

export type CategoryRow = PublicCategory;

/** A category as the professions screen edits it (optimistic concurrency on updated_at). */
export interface Profession extends CategoryRow {
  updated_at: string;
}

export interface ServiceRow extends PublicService {
  category_id: string;
  commission_rate: number | null;
  active: boolean;
  updated_at: string;
}

export interface PackageRow extends PublicPackage {
  active: boolean;
  updated_at: string;
}

export interface CategoryGroup {
  category: CategoryRow;
  services: ServiceRow[];
}

export interface ServiceGroup {
  service: ServiceRow;
  categoryName: string;
  packages: PackageRow[];
}

export const CATEGORY_COLUMNS = 'id, name, icon, sort_order';
export const PROFESSION_COLUMNS = 'id, name, icon, sort_order, updated_at';
export const SERVICE_COLUMNS = 'id, category_id, name, icon, sort_order, commission_rate, active, updated_at';
export const PACKAGE_COLUMNS =
  'id, subcategory_id, name, price, duration, description, job_details, sort_order, active, updated_at';
