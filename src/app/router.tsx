// All routes. Public pages and the whole admin area are separate chunks (route-level code
// splitting): the public home page downloads no admin code and no supabase-js. The public pages
// are prerendered at build time (src/features/public-site/prerender.tsx).
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from '@/lib/router.tsx';
import { publicRoutes } from '@/features/public-site/public-routes.tsx';
import { adminRoutes } from './admin-routes.tsx';
import { legacyRedirectRoutes } from './legacy-redirect.tsx';
import { RouteError } from './route-error.tsx';

function AdminLoading(): ReactNode {
  return <div className="min-h-screen bg-slate-50" aria-busy="true" />;
}

/** A route's component from a module that `export default`s it (a route's `lazy`, src/lib/router.tsx). */
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

/** Resolves with `promise`, or with undefined after `ms`, whichever comes first. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  const result = await Promise.race([promise, timeout]);
  clearTimeout(timer);
  return result;
}

/**
 * A full load of an admin address starts the address's data requests before anything else: the
 * prefetch's chunks are asked for before the router asks for the admin root's and the screen's
 * (the browser fetches a few files at a time from one host, so the first asked come first), and
 * the requests leave as soon as the few modules they need have run.
 */
const fullLoadPrefetch =
  typeof window !== 'undefined' && /^\/admin(\/|$)/.test(window.location.pathname)
    ? loadPrefetch()
        .then(({ prefetchAdminUrl }) => prefetchAdminUrl(new URL(window.location.href)))
        .catch(() => undefined)
    : undefined;

/** At most this long the app waits for a full load's data requests to leave before its first render. */
const FIRST_RENDER_HEAD_START_MS = 200;

/**
 * Settles once a full load's data requests have left (at most FIRST_RENDER_HEAD_START_MS), at once
 * for any other page. The app's first render (the router's empty placeholder for the admin) waits
 * for it: that render takes the main thread for tens of milliseconds, and the modules the requests
 * need would otherwise run only after it (docs/architecture.md#admin-loading).
 */
export async function firstRenderHeadStart(): Promise<void> {
  if (fullLoadPrefetch) await within(fullLoadPrefetch, FIRST_RENDER_HEAD_START_MS);
}

/** At most this long the /admin route's loader waits for the screen's data requests to leave. */
const PREFETCH_HEAD_START_MS = 150;
/** On a full load, at most this long the loader waits for the screen's first answers. */
const FULL_LOAD_ANSWER_WAIT_MS = 450;
/** True until the /admin route's loader first runs: on a full load of an admin address, that run is the full load's. */
let firstRun = true;

/**
 * On a full load and on every admin navigation the router loads the admin root's chunk, the
 * screen's chunk and this loader at once. On a navigation the loader waits (at most
 * PREFETCH_HEAD_START_MS) until the screen's data requests have left, not for their answers:
 * rendering takes the browser's main thread for a while, and the requests would otherwise wait
 * behind it. On a full load it waits for their answers (at most FULL_LOAD_ANSWER_WAIT_MS): the
 * shell and the screen's first rows are then rendered and laid out once, instead of the shell
 * with empty tables first and every row again when the answers come
 * (docs/architecture.md#admin-loading).
 */
async function prefetchAdminData(url: URL): Promise<null> {
  const fullLoadRun = firstRun && url.pathname + url.search === window.location.pathname + window.location.search ? fullLoadPrefetch : undefined;
  firstRun = false;
  if (fullLoadRun) {
    await within(
      fullLoadRun.then((prefetched) => prefetched?.answered),
      FULL_LOAD_ANSWER_WAIT_MS,
    );
    return null;
  }
  const started = loadPrefetch()
    .then(({ prefetchAdminUrl }) => prefetchAdminUrl(url))
    .catch(() => undefined);
  await within(started, PREFETCH_HEAD_START_MS);
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
