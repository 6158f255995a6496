// Read-only access to the public data (active catalogue, public settings) for the public site, with
// plain fetch against PostgREST as the anon role: no supabase-js in the public bundle. RLS and
// column grants decide what anon may read.
import { runtimeConfig } from './config.ts';

export class PublicApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code = '') {
    super(message);
    this.name = 'PublicApiError';
    this.status = status;
    this.code = code;
  }
}

const REQUEST_TIMEOUT_MS = 6000;

async function restGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(`${runtimeConfig.supabaseUrl}/rest/v1/${path}`, {
      headers: {
        apikey: runtimeConfig.supabaseAnonKey,
        Authorization: `Bearer ${runtimeConfig.supabaseAnonKey}`,
        Accept: 'application/json',
      },
      signal: controller.signal,
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
      throw new PublicApiError(
        typeof body.message === 'string' ? body.message : response.statusText,
        response.status,
        typeof body.code === 'string' ? body.code : '',
      );
    }
    return (await response.json()) as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

export interface PublicSettings {
  site_name: string;
  site_description: string;
  contact_phone: string;
  contact_address: string;
  admin_email: string;
  maintenance_mode: boolean;
  featured_banner_url: string | null;
  voucher_banner_url: string | null;
  /** Store pages of the mobile app (null: not published; older snapshots lack them). */
  app_store_url?: string | null;
  google_play_url?: string | null;
}

const SETTINGS_COLUMNS =
  'site_name,site_description,contact_phone,contact_address,admin_email,maintenance_mode,featured_banner_url,voucher_banner_url,app_store_url,google_play_url';

export async function fetchPublicSettings(signal?: AbortSignal): Promise<PublicSettings | null> {
  const rows = await restGet<PublicSettings[]>(`settings?select=${SETTINGS_COLUMNS}&id=eq.app`, signal);
  return rows[0] ?? null;
}

export interface PublicCategory {
  id: string;
  name: string;
  icon: string | null;
  sort_order: number;
}

export interface PublicService {
  id: string;
  name: string;
  icon: string;
  sort_order: number;
}

export interface PublicPackage {
  id: string;
  subcategory_id: string;
  name: string;
  price: number;
  duration: string;
  description: string;
  job_details: string;
  sort_order: number;
}

export interface PublicCatalogueArea {
  category: PublicCategory;
  services: PublicService[];
  packages: PublicPackage[];
}

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
