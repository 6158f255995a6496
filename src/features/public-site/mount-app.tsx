// Starts the SPA in the browser (docs/architecture.md#public-site-prerendering). A prerendered
// public page is hydrated: its embedded data primes the public cache and the chunks of its route
// are loaded first, so the first render is the HTML already on screen (no placeholder, no shift).
// Anything else (the back office's shell, an old admin address answered by the not-found page) is
// rendered from scratch.
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import type { PublicDataSnapshot } from './api/use-public-resource.ts';
import { PRERENDER_DATA_ID, PUBLIC_ROOT_HANDLE } from './public-routes.tsx';

type DataRouter = ReturnType<typeof createBrowserRouter>;

function readPrerenderData(): PublicDataSnapshot | undefined {
  const element = document.getElementById(PRERENDER_DATA_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as PublicDataSnapshot;
  } catch {
    return undefined;
  }
}

/**
 * True when the address is a public page that may be hydrated, once the `lazy` parts of its
 * matched routes are loaded and put on the route objects (React Router's pattern for hydrating
 * lazy routes: the first render then is the page itself, not its HydrateFallback).
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<boolean> {
  const matches = matchRoutes(routes, window.location) ?? [];
  if (!matches.some((match) => match.route.handle === PUBLIC_ROOT_HANDLE)) return false;
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return true;
}

/** Hydrates a prerendered public page, else renders the app. */
export async function mountApp(container: HTMLElement, routes: RouteObject[], app: (router: DataRouter) => ReactNode): Promise<void> {
  const snapshot = container.hasChildNodes() ? readPrerenderData() : undefined;
  if (snapshot && (await resolveLazyRoutes(routes))) {
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
  container.replaceChildren();
  createRoot(container).render(app(createBrowserRouter(routes)));
}
