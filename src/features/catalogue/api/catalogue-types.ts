// Rows of the catalogue screens, defined once for the three of them (professions, services,
// packages) with the columns each screen selects.
export interface CategoryRow {
  id: string;
  name: string;
  icon: string | null;
  sort_order: number;
}

/** A category as the professions screen edits it (optimistic concurrency on updated_at). */
export interface Profession extends CategoryRow {
  updated_at: string;
}

export interface ServiceRow {
  id: string;
  category_id: string;
  name: string;
  icon: string;
  sort_order: number;
  commission_rate: number | null;
  active: boolean;
  updated_at: string;
}

export interface PackageRow {
  id: string;
  subcategory_id: string;
  name: string;
  price: number;
  duration: string;
  description: string;
  job_details: string;
  sort_order: number;
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
