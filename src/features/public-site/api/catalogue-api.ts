// The active catalogue of a service page, read as anon through src/lib/supabase/public-api.ts. Apart from
// the settings (read by every page) so that only the service pages' download carries it.
import { restGet, type PublicCatalogueArea, type PublicCategory, type PublicPackage, type PublicService } from '@/lib/supabase/public-api.ts';

/** "Lao động phổ thông" → "lao-dong-pho-thong" (also the public page paths). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The active services and packages of the profession whose name slugifies to `slug`
 * (e.g. 'dich-vu-y-te'); null when the catalogue has no such profession.
 */
export async function fetchCatalogueArea(slug: string, signal?: AbortSignal): Promise<PublicCatalogueArea | null> {
  const categories = await restGet<PublicCategory[]>('categories?select=id,name,icon,sort_order&order=sort_order.asc', signal);
  const category = categories.find((candidate) => slugify(candidate.name) === slug);
  if (!category) return null;
  const services = await restGet<PublicService[]>(
    `subcategories?select=id,name,icon,sort_order&category_id=eq.${category.id}&active=is.true&order=sort_order.asc,name.asc`,
    signal,
  );
  if (services.length === 0) return { category, services, packages: [] };
  const ids = services.map((service) => service.id).join(',');
  const packages = await restGet<PublicPackage[]>(
    `service_items?select=id,subcategory_id,name,price,duration,description,job_details,sort_order&subcategory_id=in.(${ids})&active=is.true&order=sort_order.asc,name.asc`,
    signal,
  );
  return { category, services, packages };
}
