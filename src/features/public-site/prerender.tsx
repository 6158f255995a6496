// Build-time prerendering of the public pages (docs/architecture.md#public-site-prerendering), run by
// vite-prerender-plugin after `vite build` (vite.config.ts): React renders each public page through
// React Router's static router (the public routes under the app's root layout) into its own HTML file (dist/<path>/index.html, dist/404.html), with
// its head (page-head.ts) and the catalogue and settings values it shows embedded for hydration.
//
// Those values come from the database through the API named by vite.config.ts (a running stack:
// SDV_BUILD_API_URL, VITE_SUPABASE_URL or the local stack's address); when none answers, from the
// snapshot committed in build-data/public-data.json (`npm run snapshot:public` refreshes it from a
// seeded stack). Either way the browser asks the API again after hydration.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/app/root-layout.tsx';
import { runtimeConfig } from '@/lib/supabase/config.ts';
import { fetchPublicSettings, type PublicCatalogueArea, type PublicSettings } from '@/lib/supabase/public-api.ts';
import { fetchCatalogueArea } from './api/catalogue-api.ts';
import { catalogueKey, primePublicData, resetPublicData, SETTINGS_KEY, type PublicDataSnapshot } from './api/use-public-resource.ts';
import snapshotFile from './build-data/public-data.json';
import { publicAsset } from './public-asset.ts';
import { PRERENDER_DATA_ID, publicRoutes } from './public-routes.tsx';
import { jsonForScript, pageHead, type HeadTag } from './seo/page-head.ts';
import { SITE_URL } from './seo/site-url.ts';
import { findPublicPage, PUBLIC_PAGES } from './site-pages.ts';

declare const __SDV_BUILD_API__: { url: string; anonKey: string } | null;

export interface BuildData {
  source: string;
  settings: PublicSettings | null;
  catalogue: Record<string, PublicCatalogueArea | null>;
}

const AREAS = PUBLIC_PAGES.flatMap((page) => (page.area ? [page.area] : []));

async function readFromApi(api: { url: string; anonKey: string }): Promise<BuildData> {
  Object.assign(runtimeConfig, { supabaseUrl: api.url, supabaseAnonKey: api.anonKey });
  const settings = await fetchPublicSettings();
  const catalogue: Record<string, PublicCatalogueArea | null> = {};
  for (const area of AREAS) catalogue[area] = await fetchCatalogueArea(area);
  return { source: api.url, settings, catalogue };
}

let buildData: Promise<BuildData> | undefined;

function loadBuildData(): Promise<BuildData> {
  buildData ??= (async () => {
    const api = __SDV_BUILD_API__;
    if (api) {
      try {
        return await readFromApi(api);
      } catch (error) {
        console.warn(`[prerender] ${api.url} did not answer (${error instanceof Error ? error.message : String(error)}); using the snapshot build-data/public-data.json`);
      }
    }
    return { ...(snapshotFile as Omit<BuildData, 'source'>), source: 'build-data/public-data.json' };
  })();
  return buildData;
}

/** Which data a page shows: the settings everywhere (footer), its catalogue area on a service page. */
function pageSnapshot(pathname: string, data: BuildData, builtAt: string): PublicDataSnapshot {
  const values: Record<string, unknown> = { [SETTINGS_KEY]: data.settings };
  const area = findPublicPage(pathname)?.area;
  if (area) values[catalogueKey(area)] = data.catalogue[area] ?? null;
  return { builtAt, values };
}

function headElements(pathname: string, data: BuildData, snapshot: PublicDataSnapshot): HeadTag[] {
  const page = findPublicPage(pathname);
  const area = page?.area;
  const head = pageHead(pathname, { settings: data.settings, catalogue: area ? data.catalogue[area] : undefined }, SITE_URL);
  const extra: HeadTag[] = [];
  // The largest paint of the page: its main image, fetched with the HTML instead of after the CSS.
  if (page?.image) extra.push({ type: 'link', props: { rel: 'preload', as: 'image', href: publicAsset(page.image), fetchpriority: 'high' } });
  // The API the page asks for its data, for a static host; a server that injects the runtime
  // configuration (local-stack/static-server.ts) replaces it with the API it serves (data-api).
  const apiUrl = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  if (apiUrl) extra.push({ type: 'link', props: { rel: 'preconnect', href: new URL(apiUrl).origin, crossorigin: '', 'data-api': '' } });
  return [
    ...extra,
    ...head.tags,
    { type: 'script', props: { type: 'application/json', id: PRERENDER_DATA_ID }, children: jsonForScript(snapshot) },
  ];
}

/**
 * The same tree as the browser's (src/app/routes.tsx: the root layout around the public routes)
 * with the `lazy` parts of the routes matching `pathname` loaded, as the browser loads them before
 * hydrating (mount-app.tsx). A memory router over it renders the page at once: the public routes
 * have no loaders. (React Router's static handler would do the same, but its code would land in
 * the chunks the browser shares with this script.)
 */
async function resolvedRoutes(pathname: string): Promise<RouteObject[]> {
  const routes: RouteObject[] = [{ Component: RootLayout, children: [publicRoutes(undefined)] }];
  const matches = matchRoutes(routes, pathname) ?? [];
  if (matches.length === 0) throw new Error(`[prerender] ${pathname} matches no public page`);
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  return routes;
}

export async function prerender({ url }: { url: string }) {
  const pathname = new URL(url, 'http://localhost').pathname;
  const data = await loadBuildData();
  const builtAt = new Date().toISOString();
  const snapshot = pageSnapshot(pathname, data, builtAt);
  resetPublicData();
  primePublicData(snapshot);

  const routes = await resolvedRoutes(pathname);
  const rendered = renderToString(
    <StrictMode>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [pathname] })} />
    </StrictMode>,
  );
  // React puts a preload of the first images before the page's markup; the head already preloads
  // the page's largest image (headElements), and #root keeps only what hydration adopts.
  const html = rendered.replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '');
  const head = pageHead(pathname, { settings: data.settings, catalogue: undefined }, SITE_URL);
  if (pathname === '/') console.log(`[prerender] catalogue and settings from ${data.source}`);
  return {
    html,
    links: new Set(PUBLIC_PAGES.map((page) => page.path)),
    head: {
      lang: 'vi',
      title: head.title,
      elements: new Set(headElements(pathname, data, snapshot)),
    },
  };
}
