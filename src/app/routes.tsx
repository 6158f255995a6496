// Every route of the SPA (docs/architecture.md#routing), for React Router's data router: the root
// layout (scroll restoration, pending bar), the public site (each page its own chunk, prerendered
// at build time by src/features/public-site/prerender.tsx) and the back office under /admin (its
// root and each screen lazily loaded, with loaders: the public home page downloads no admin code
// and no supabase-js), and the redirects of old admin addresses.
import type { RouteObject } from 'react-router-dom';
import { publicRoutes } from '@/features/public-site/public-routes.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { legacyRedirectRoutes } from './legacy-redirect.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** The back office's placeholder while its first screen's code and data load on a full page load. */
function AdminLoading() {
  return <div className="min-h-screen bg-slate-50" aria-busy="true" />;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      publicRoutes(<RouteError />),
      {
        path: '/admin',
        lazy: { Component: async () => (await import('./admin-root.tsx')).default },
        HydrateFallback: AdminLoading,
        errorElement: <RouteError />,
        children: adminRoutes,
      },
      ...legacyRedirectRoutes,
    ],
  },
];
