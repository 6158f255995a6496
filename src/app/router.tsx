// All routes. Public pages and the whole admin area are separate chunks (route-level code
// splitting): the public home page downloads no admin code and no supabase-js. The public pages
// are prerendered at build time (src/features/public-site/prerender.tsx).
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { publicRoutes } from '@/features/public-site/public-routes.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { legacyRedirectRoutes } from './legacy-redirect.tsx';
import { RouteError } from './route-error.tsx';

function AdminLoading(): ReactNode {
  return <div className="min-h-screen bg-slate-50" aria-busy="true" />;
}

/** A route's component from a module that `export default`s it (react-router's `lazy`). */
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** The data prefetch's module, asked for once (again after a failed download). */
let prefetchModule: Promise<typeof import('./admin-prefetch.ts')> | undefined;
function loadPrefetch(): Promise<typeof import('./admin-prefetch.ts')> {
  prefetchModule ??= import('./admin-prefetch.ts').catch((error: unknown) => {
    prefetchModule = undefined;
    throw error;
  });
  return prefetchModule;
}

// A full load of an admin address asks for the prefetch's chunks before the router asks for the
// admin root's and the screen's: the browser fetches a few files at a time from one host, so the
// first asked come first, and the screen's data request leaves while its interface still loads.
if (typeof window !== 'undefined' && /^\/admin(\/|$)/.test(window.location.pathname)) void loadPrefetch().catch(() => undefined);

/** At most this long the /admin route's loader waits for the screen's data requests to leave. */
const PREFETCH_HEAD_START_MS = 150;

/**
 * On a full load and on every admin navigation the router loads the admin root's chunk, the
 * screen's chunk and this loader at once. The loader waits (at most PREFETCH_HEAD_START_MS) until
 * the screen's data requests have left, not for their answers: rendering the shell takes the
 * browser's main thread for a while, and the requests would otherwise wait behind it
 * (docs/architecture.md#admin-loading).
 */
async function prefetchAdminData({ request }: { request: Request }): Promise<null> {
  const started = loadPrefetch()
    .then(({ prefetchAdminUrl }) => prefetchAdminUrl(new URL(request.url)))
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([started, new Promise<void>((resolve) => (timer = setTimeout(resolve, PREFETCH_HEAD_START_MS)))]);
  clearTimeout(timer);
  return null;
}

export const routes: RouteObject[] = [
  publicRoutes(<RouteError />),
  {
    path: '/admin',
    lazy: lazyPage(() => import('./admin-root.tsx')),
    loader: prefetchAdminData,
    hydrateFallbackElement: <AdminLoading />,
    errorElement: <RouteError />,
    children: [
      ...adminRoutes.map(({ path, load }): RouteObject => (path === '' ? { index: true, lazy: lazyPage(load) } : { path, lazy: lazyPage(load) })),
      { path: '*', lazy: lazyPage(() => import('./admin-not-found-page.tsx')) },
    ],
  },
  ...legacyRedirectRoutes,
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
