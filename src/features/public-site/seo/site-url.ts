// The site's public address (canonical links, sitemap, structured data), fixed at build time by
// vite.config.ts: SITE_URL, else `[auth] site_url` of supabase/config.toml (docs/architecture.md#public-site-prerendering).
export const SITE_URL: string = ((import.meta.env.VITE_SITE_URL as string | undefined) ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');
