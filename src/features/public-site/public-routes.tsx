// The public site's routes. Each page is its own chunk, loaded through the router's `lazy` (not
// React.lazy + Suspense): a navigation keeps the current page until the next one is ready, and the
// browser loads a prerendered page's chunk before hydrating it (main.tsx), so the prerendered HTML
// is never replaced by a placeholder.
import type { RouteMatch, RouteObject } from 'react-router-dom';
import { PublicLayout, PublicPageFallback } from './components/public-layout.tsx';
import type { ServiceAreaSlug } from '@/lib/messages/public-services.ts';
import { SERVICE_AREA_SLUGS } from './public-routes-data.ts';

function serviceArea(area: ServiceAreaSlug): RouteObject {
  return {
    path: area,
    lazy: async () => {
      const { default: ServiceAreaPage } = await import('./routes/service-area-page.tsx');
      return { Component: () => <ServiceAreaPage area={area} /> };
    },
  };
}

/** Marks the public root route: a page under it may be hydrated from prerendered HTML. */
export const PUBLIC_ROOT_HANDLE = { prerendered: true } as const;

/** Id of the <script type="application/json"> holding a prerendered page's data. */
export const PRERENDER_DATA_ID = 'prerender-data';

export function publicRoutes(errorElement: RouteObject['errorElement']): RouteObject {
  return {
    path: '/',
    element: <PublicLayout />,
    handle: PUBLIC_ROOT_HANDLE,
    hydrateFallbackElement: <PublicPageFallback />,
    errorElement,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home-page.tsx')).default }) },
      ...SERVICE_AREA_SLUGS.map(serviceArea),
      { path: 'privacy', lazy: async () => ({ Component: (await import('./routes/privacy-page.tsx')).default }) },
      { path: 'terms', lazy: async () => ({ Component: (await import('./routes/terms-page.tsx')).default }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('./routes/contact-page.tsx')).default }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-page.tsx')).default }) },
    ],
  };
}

/**
 * Loads the lazy parts of matched routes and puts them in place (the route objects are changed):
 * the browser does this before hydrating a prerendered page (mount-app.tsx), and the prerender
 * before rendering it (prerender.tsx), so both render the same tree.
 */
export async function loadLazyParts(matches: readonly RouteMatch[]): Promise<void> {
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
