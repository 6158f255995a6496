// Starts the SPA in the browser (docs/architecture.md#public-site-prerendering). A prerendered
// public page is hydrated: its embedded data primes the public cache and the chunks of its route
// are loaded first, so the first render is the HTML already on screen (no placeholder, no shift).
// Anything else (the back office's shell, an old admin address answered by the not-found page) is
// rendered from scratch.
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, loadLazyParts, matchRoutes, type Router, type RouteObject } from '@/lib/router.tsx';
import type { PublicDataSnapshot } from './api/use-public-resource.ts';
import { PRERENDER_DATA_ID, PUBLIC_ROOT_HANDLE } from './public-routes.tsx';

function readPrerenderData(): PublicDataSnapshot | undefined {
  const element = document.getElementById(PRERENDER_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PublicDataSnapshot;
  } catch {
    return undefined;
  }
}

/** True (the matched routes' chunks loaded) when the address is a public page that may be hydrated. */
async function loadLazyRoutes(routes: RouteObject[]): Promise<boolean> {
  const matches = matchRoutes(routes, window.location.pathname) ?? [];
  if (matches[0]?.route.handle !== PUBLIC_ROOT_HANDLE) return false;
  await loadLazyParts(matches);
  return true;
}

/**
 * Hydrates a prerendered public page, else renders the app. A page that is not hydrated is first
 * rendered once `renderAfter` has settled (the admin's data requests leaving first); its router,
 * and with it the route chunks it loads, is created at once.
 */
export async function mountApp(
  container: HTMLElement,
  routes: RouteObject[],
  app: (router: Router) => ReactNode,
  renderAfter: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const snapshot = container.hasChildNodes() ? readPrerenderData() : undefined;
  if (snapshot && (await loadLazyRoutes(routes))) {
    // The public data cache arrives with the page's chunks (they use it): not in the back office's download.
    const { primePublicData } = await import('./api/use-public-resource.ts');
    primePublicData(snapshot);
    // In a transition, React hydrates in slices of a few milliseconds, yielding to the browser in
    // between, instead of one long task over the whole page (the page is on screen already).
    startTransition(() => {
      hydrateRoot(container, app(createBrowserRouter(routes)));
    });
    return;
  }
  const router = createBrowserRouter(routes);
  await renderAfter();
  container.replaceChildren();
  createRoot(container).render(app(router));
}
