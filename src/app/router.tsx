// All routes. Public pages and the whole admin area are separate chunks (route-level code
// splitting): the public home page downloads no admin code and no supabase-js. The public pages
// are prerendered at build time (src/features/public-site/prerender.tsx).
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { publicRoutes } from '@/features/public-site/public-routes.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { legacyRedirectRoutes } from './legacy-redirect.tsx';
import { RouteError } from './route-error.tsx';

const AdminRoot = lazy(() => import('./admin-root.tsx'));
const AdminNotFoundPage = lazy(() => import('./admin-not-found-page.tsx'));

function AdminLoading(): ReactNode {
  return <div className="min-h-screen bg-slate-50" aria-busy="true" />;
}

export const routes: RouteObject[] = [
  publicRoutes(<RouteError />),
  {
    path: '/admin',
    element: (
      <Suspense fallback={<AdminLoading />}>
        <AdminRoot />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      ...adminRoutes.map(({ path, Component }): RouteObject =>
        path === '' ? { index: true, element: <Component /> } : { path, element: <Component /> },
      ),
      { path: '*', element: <AdminNotFoundPage /> },
    ],
  },
  ...legacyRedirectRoutes,
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
