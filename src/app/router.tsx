// All routes. Public pages and the whole admin area are separate chunks (route-level code
// splitting): the public home page downloads no admin code and no supabase-js.
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { adminRoutes } from './admin-routes.tsx';
import { legacyRedirectRoutes } from './legacy-redirect.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RouteError } from './route-error.tsx';

const HomePage = lazy(() => import('@/features/public-site/routes/home-page.tsx'));
const ServiceAreaPage = lazy(() => import('@/features/public-site/routes/service-area-page.tsx'));
const PrivacyPage = lazy(() => import('@/features/public-site/routes/privacy-page.tsx'));
const TermsPage = lazy(() => import('@/features/public-site/routes/terms-page.tsx'));
const ContactPage = lazy(() => import('@/features/public-site/routes/contact-page.tsx'));
const PublicNotFoundPage = lazy(() => import('@/features/public-site/routes/not-found-page.tsx'));
const AdminRoot = lazy(() => import('./admin-root.tsx'));
const AdminNotFoundPage = lazy(() => import('./admin-not-found-page.tsx'));

function AdminLoading(): ReactNode {
  return <div className="min-h-screen bg-slate-50" aria-busy="true" />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'lao-dong-pho-thong', element: <ServiceAreaPage area="lao-dong-pho-thong" /> },
      { path: 'lao-dong-nong-nghiep', element: <ServiceAreaPage area="lao-dong-nong-nghiep" /> },
      { path: 'dich-vu-y-te', element: <ServiceAreaPage area="dich-vu-y-te" /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: '*', element: <PublicNotFoundPage /> },
    ],
  },
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
