// The public site's routes. Each page is its own chunk, loaded through the route's `lazy`
// (React Router; not React.lazy + Suspense): a navigation keeps the current page until the
// next one is ready, and the browser loads a prerendered page's chunks before hydrating it
// (mount-app.tsx), so the prerendered HTML is never replaced by a placeholder.
import type { RouteObject } from 'react-router-dom';
import { PublicPageFallback } from './components/public-page-fallback.tsx';
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
    // The header and footer are the public pages' own chunk, loaded with the page's: not part of
    // the back office's download (docs/architecture.md#public-site-prerendering).
    lazy: async () => ({ Component: (await import('./components/public-layout.tsx')).PublicLayout }),
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
