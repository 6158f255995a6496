// Read-only access to the public data (public settings here; the active catalogue, which only the
// service pages read, in src/features/public-site/api/catalogue-api.ts) for the public site, with
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

/** GET `/rest/v1/<path>` as anon; a refusal becomes a PublicApiError. */
export async function restGet<T>(path: string, signal?: AbortSignal): Promise<T> {
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
  /** The day the privacy policy's text last changed, yyyy-mm-dd (older snapshots lack it). */
  privacy_policy_updated_on?: string | null;
}

const SETTINGS_COLUMNS =
  'site_name,site_description,contact_phone,contact_address,admin_email,maintenance_mode,featured_banner_url,voucher_banner_url,app_store_url,google_play_url,privacy_policy_updated_on';

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
