// The app's router (docs/architecture.md#routing): the few things the public site and the back
// office need from one, in a few kilobytes instead of a general router's tens.
// - Routes are a tree of objects: `path` (static segments, `:param`, a final `*`), `index`,
//   `element` or `Component`, `lazy` (the component's chunk), `loader` (started with the chunk),
//   `errorElement`, `hydrateFallbackElement`, `handle`, `children` (rendered by <Outlet />).
// - The most specific route wins whatever the order (static segment > `:param` > `*`).
// - A navigation keeps the current page on screen until the next page's chunks have arrived and
//   its loaders have settled, then changes the address and renders the new page in a transition.
//   A newer navigation abandons an older one still loading.
// - A chunk or a loader that fails, or a page that throws while rendering, shows the nearest
//   `errorElement` (useRouteError gives the error); the next navigation clears it.
import {
  Component,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';

export type Params = Record<string, string | undefined>;

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  /** Loads the route's component (its own chunk); asked for when a navigation first matches it. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Runs on every navigation that matches the route, beside the chunks; the page waits for it. */
  loader?: (url: URL) => Promise<unknown>;
  errorElement?: ReactNode;
  /** Shown instead of the route on the first render while its chunk or loader is not done. */
  hydrateFallbackElement?: ReactNode;
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry the router made. */
  key: string;
}

// ---------------------------------------------------------------------------------------------
// Matching

interface Branch {
  routes: RouteObject[];
  segments: string[];
  score: number;
}

const splitPath = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** The usual ranking: one point per segment, and a static segment 10 more, a `:param` 3, an index route 2, a `*` −3. */
function scoreOf(segments: readonly string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment === '*' ? -3 : segment.startsWith(':') ? 3 : 10;
  return score;
}

function flatten(routes: readonly RouteObject[], parents: RouteObject[], parentSegments: string[], out: Branch[]): Branch[] {
  for (const route of routes) {
    const segments = route.path?.startsWith('/') ? splitPath(route.path) : [...parentSegments, ...splitPath(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children) flatten(route.children, chain, segments, out);
    // A route with children also matches its own path alone (an empty <Outlet />), after them.
    out.push({ routes: chain, segments, score: scoreOf(segments, route.index === true) });
  }
  return out;
}

const branchCache = new WeakMap<readonly RouteObject[], Branch[]>();

function branchesOf(routes: readonly RouteObject[]): Branch[] {
  let branches = branchCache.get(routes);
  if (!branches) {
    // Array.prototype.sort is stable: equal scores keep the order of the route tree.
    branches = flatten(routes, [], [], []).sort((a, b) => b.score - a.score);
    branchCache.set(routes, branches);
  }
  return branches;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The parameters of `pathname` under the pattern's segments, or null when it does not match (case-insensitive). */
function matchSegments(pattern: readonly string[], pathname: string): Params | null {
  const parts = splitPath(pathname);
  const params: Params = {};
  for (const [i, segment] of pattern.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null;
  }
  return parts.length === pattern.length ? params : null;
}

/** The chain of routes (outermost first) that renders `pathname`, or null when none matches. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  for (const branch of branchesOf(routes)) {
    const params = matchSegments(branch.segments, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

/** `matchPath('/admin/bookings/:id', '/admin/bookings/42')` → `{ params: { id: '42' } }`. */
export function matchPath(pattern: string, pathname: string): { params: Params } | null {
  const params = matchSegments(splitPath(pattern), pathname);
  return params ? { params } : null;
}

// ---------------------------------------------------------------------------------------------
// History

interface Path {
  pathname: string;
  search: string;
  hash: string;
}

interface HistoryDriver {
  read(): Path;
  write(href: string, replace: boolean): void;
  go(delta: number): void;
  /** Calls back when the address changed without the router (back, forward). */
  listen(onPop: () => void): void;
}

const hrefOf = (path: Path): string => `${path.pathname}${path.search}${path.hash}`;

function browserHistory(): HistoryDriver {
  return {
    read: () => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash }),
    write: (href, replace) => (replace ? window.history.replaceState(null, '', href) : window.history.pushState(null, '', href)),
    go: (delta) => window.history.go(delta),
    listen: (onPop) => window.addEventListener('popstate', onPop),
  };
}

function memoryHistory(initialEntries: readonly string[]): HistoryDriver {
  const entries = initialEntries.length > 0 ? [...initialEntries] : ['/'];
  let index = entries.length - 1;
  const listeners: (() => void)[] = [];
  return {
    read: () => {
      const url = new URL(entries[index] ?? '/', 'http://memory');
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    write: (href, replace) => {
      if (replace) entries[index] = href;
      else {
        entries.splice(index + 1, entries.length, href);
        index = entries.length - 1;
      }
    },
    go: (delta) => {
      const next = Math.min(entries.length - 1, Math.max(0, index + delta));
      if (next === index) return;
      index = next;
      queueMicrotask(() => {
        for (const listener of listeners) listener();
      });
    },
    listen: (onPop) => listeners.push(onPop),
  };
}

// ---------------------------------------------------------------------------------------------
// The router

export interface RouterState {
  location: Location;
  /** How the shown address was reached: the first load or back/forward ('POP'), a link or navigate(). */
  action: 'POP' | 'PUSH' | 'REPLACE';
  matches: RouteMatch[];
  /** False until the first address's chunks and loaders are done (hydrateFallbackElement meanwhile). */
  initialized: boolean;
  /** A failed chunk or loader: shown by the errorElement of the route at `index`. */
  error?: { index: number; value: unknown };
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export interface Router {
  readonly state: RouterState;
  /** The address of the newest navigation (still loading or done). */
  readonly target: Path;
  navigate(to: string | number, options?: NavigateOptions): void;
  subscribe(listener: (state: RouterState) => void): () => void;
}

let keySeq = 0;
const nextKey = (): string => (++keySeq).toString(36);

const lazyLoads = new WeakMap<RouteObject, Promise<void>>();

/** Loads a route's chunk once and puts its component in place. */
function resolveLazy(route: RouteObject): Promise<void> {
  const lazy = route.lazy;
  if (!lazy) return Promise.resolve();
  let loading = lazyLoads.get(route);
  if (!loading) {
    loading = lazy().then(
      (parts) => {
        Object.assign(route, parts, { lazy: undefined });
      },
      (error: unknown) => {
        lazyLoads.delete(route);
        throw error;
      },
    );
    lazyLoads.set(route, loading);
  }
  return loading;
}

/**
 * Loads the chunks of the matched routes and puts them in place (the route objects change): the
 * browser does it before hydrating a prerendered page, the prerender before rendering it.
 */
export async function loadLazyParts(matches: readonly RouteMatch[]): Promise<void> {
  await Promise.all(matches.map(({ route }) => resolveLazy(route)));
}

const isReady = (matches: readonly RouteMatch[]): boolean => matches.every(({ route }) => !route.lazy && !route.loader);

function errorIndex(matches: readonly RouteMatch[], failed: number): number {
  for (let i = Math.min(failed, matches.length - 1); i >= 0; i--) if (matches[i]?.route.errorElement !== undefined) return i;
  return 0;
}

function createRouter(routes: readonly RouteObject[], history: HistoryDriver): Router {
  const listeners = new Set<(state: RouterState) => void>();
  const first = history.read();
  const firstMatches = matchRoutes(routes, first.pathname) ?? [];
  let state: RouterState = { location: { ...first, key: nextKey() }, action: 'POP', matches: firstMatches, initialized: isReady(firstMatches) };
  let target: Path = first;
  let navigation = 0;

  const commit = (next: RouterState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };

  /** Writes the address (unless the browser did) and shows it. */
  const show = (path: Path, write: 'push' | 'replace' | 'none', matches: RouteMatch[], failed?: { index: number; value: unknown }) => {
    if (write !== 'none') history.write(hrefOf(path), write === 'replace');
    commit({
      location: { ...path, key: nextKey() },
      action: write === 'push' ? 'PUSH' : write === 'replace' ? 'REPLACE' : 'POP',
      matches,
      initialized: true,
      error: failed ? { index: errorIndex(matches, failed.index), value: failed.value } : undefined,
    });
  };

  /**
   * Loads what `path` needs, then (unless a newer navigation started meanwhile) shows it; at once
   * when its routes have no chunk to load and no loader.
   */
  const load = (path: Path, write: 'push' | 'replace' | 'none') => {
    const id = ++navigation;
    target = path;
    const matches = matchRoutes(routes, path.pathname) ?? [];
    if (isReady(matches)) {
      show(path, write, matches);
      return;
    }
    const url = new URL(hrefOf(path), typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
    let failed: { index: number; value: unknown } | undefined;
    void Promise.all(
      matches.map(async ({ route }, index) => {
        try {
          await Promise.all([resolveLazy(route), route.loader?.(url)]);
        } catch (error) {
          failed ??= { index, value: error };
        }
      }),
    ).then(() => {
      if (id === navigation) show(path, write, matches, failed);
    });
  };

  // The router lives as long as the page (or the test) that made it.
  history.listen(() => load(history.read(), 'none'));
  if (!state.initialized) load(first, 'none');

  return {
    get state() {
      return state;
    },
    get target() {
      return target;
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const base = new URL(hrefOf(target), 'http://app');
      const url = new URL(to, base);
      const path = { pathname: url.pathname, search: url.search, hash: url.hash };
      // Going to the address already shown replaces its entry (no duplicate in the history).
      const same = hrefOf(path) === hrefOf(target);
      load(path, options.replace === true || same ? 'replace' : 'push');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The router of the browser's address bar; starts loading the first address's chunks at once. */
export function createBrowserRouter(routes: readonly RouteObject[]): Router {
  return createRouter(routes, browserHistory());
}

/** A router over an in-memory history (tests, and the prerender's one fixed address). */
export function createMemoryRouter(routes: readonly RouteObject[], { initialEntries = ['/'] }: { initialEntries?: string[] } = {}): Router {
  return createRouter(routes, memoryHistory(initialEntries));
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface RouterContextValue {
  router: Router;
  state: RouterState;
}

const RouterContext = createContext<RouterContextValue | null>(null);
/** Index in the matches of the route an <Outlet /> renders. */
const OutletContext = createContext(0);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouterContext(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router hooks and links must be rendered inside <RouterProvider>');
  return value;
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  location: Location;
  failed: boolean;
}

/** Catches a route's render error and shows its errorElement until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location.key === state.location.key ? null : { error: undefined, failed: false, location: props.location };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

function renderLevel(state: RouterState, index: number): ReactNode {
  const match = state.matches[index];
  if (!match) return null;
  const { route } = match;
  if (!state.initialized) {
    // The first address is still loading: the nearest route with a fallback shows it.
    const pending = state.matches.findIndex(({ route: r }) => r.lazy !== undefined || r.loader !== undefined);
    let fallbackAt = -1;
    for (let i = 0; i <= pending; i++) if (state.matches[i]?.route.hydrateFallbackElement !== undefined) fallbackAt = i;
    if (index === fallbackAt) return route.hydrateFallbackElement;
    if (index > fallbackAt) return null;
  }
  if (state.error?.index === index) {
    return <RouteErrorContext.Provider value={state.error.value}>{route.errorElement}</RouteErrorContext.Provider>;
  }
  const Page = route.Component;
  const element = route.element ?? (Page ? <Page /> : <Outlet />);
  const content = <OutletContext.Provider value={index + 1}>{element}</OutletContext.Provider>;
  if (route.errorElement === undefined) return content;
  return (
    <RouteErrorBoundary location={state.location} fallback={route.errorElement}>
      {content}
    </RouteErrorBoundary>
  );
}

/** Renders the router's current page and re-renders (in a transition) on every navigation. */
export function RouterProvider({ router }: { router: Router }): ReactNode {
  const [initial] = useState(router.state);
  const [state, setState] = useState(initial);
  useLayoutEffect(() => {
    let shownInitialized = initial.initialized;
    const show = (next: RouterState) => {
      // The first page after the placeholder renders at once, in one task: nothing is on screen to
      // keep responsive, and a transition's slices would let other work in between. Later
      // navigations render in a transition, as the page stays usable meanwhile.
      if (shownInitialized) startTransition(() => setState(next));
      else setState(next);
      shownInitialized = next.initialized;
    };
    const unsubscribe = router.subscribe(show);
    // A navigation that finished between the first render and this effect.
    if (router.state !== initial) show(router.state);
    return unsubscribe;
  }, [router, initial]);
  const value = useMemo(() => ({ router, state }), [router, state]);
  return <RouterContext.Provider value={value}>{renderLevel(state, 0)}</RouterContext.Provider>;
}

/** Where a route renders its matched child route. */
export function Outlet(): ReactNode {
  const { state } = useRouterContext();
  return renderLevel(state, useContext(OutletContext));
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

/** The values of the matched path's `:param` segments (and `*`). */
export function useParams(): Params {
  const { matches } = useRouterContext().state;
  return matches[matches.length - 1]?.params ?? {};
}

/** `navigate('/admin/bookings')`, `navigate('?page=2', { replace: true })`, `navigate(-1)`. */
export function useNavigate(): Router['navigate'] {
  const { router } = useRouterContext();
  return useCallback((to: string | number, options?: NavigateOptions) => router.navigate(to, options), [router]);
}

export type SetSearchParams = (next: URLSearchParams | ((previous: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void;

/**
 * The query string, and a setter that navigates to the same path with a new one. A function
 * given to the setter receives the newest parameters of the page shown (a change still loading
 * included), so quick successive changes add up; a navigation to another page still loading is
 * not built upon (the page shown changes its own address).
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { router, state } = useRouterContext();
  const { search } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const shown = router.state.location;
      const base = router.target.pathname === shown.pathname ? router.target : shown;
      const value = typeof next === 'function' ? next(new URLSearchParams(base.search)) : next;
      const query = value.toString();
      router.navigate(`${base.pathname}${query ? `?${query}` : ''}`, options);
    },
    [router],
  );
  return [params, set];
}

/** The error an errorElement is shown for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace }: { to: string } & NavigateOptions): null {
  const { router } = useRouterContext();
  useEffect(() => {
    router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/** A plain click (no modifier key, same tab) navigates inside the app; anything else is the browser's. */
function isAppClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** An <a href> that navigates without reloading the page. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps): ReactNode {
  const { router } = useRouterContext();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isAppClick(event, target)) return;
        event.preventDefault();
        router.navigate(to, { replace });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on the exact path (not on the paths below it). */
  end?: boolean;
  className?: string | ((status: { isActive: boolean }) => string);
}

/** Whether a link to `to` stands for the path shown: the same path, or one below it unless `end`. */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const target = new URL(to, 'http://app').pathname.toLowerCase();
  const current = pathname.toLowerCase();
  if (current === target) return true;
  if (end) return current === `${target}/`;
  const base = target.endsWith('/') ? target : `${target}/`;
  return current.startsWith(base);
}

/** A Link that knows whether it points at the page shown (`aria-current="page"`, className({ isActive })). */
export function NavLink({ end, className, ...rest }: NavLinkProps): ReactNode {
  const isActive = isActivePath(rest.to, useLocation().pathname, end);
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />;
}
