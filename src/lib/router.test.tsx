// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryRouter,
  isActivePath,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from './router.tsx';

afterEach(cleanup);

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function Params() {
  return <output data-testid="params">{JSON.stringify(useParams())}</output>;
}

function ShowError() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'unknown'}</p>;
}

describe('matching', () => {
  const routes: RouteObject[] = [
    { path: '/', children: [{ index: true }, { path: 'privacy' }, { path: '*' }] },
    { path: '/admin', children: [{ index: true }, { path: 'bookings' }, { path: 'bookings/:bookingId' }, { path: '*' }] },
    { path: '/bookings/*' },
  ];
  const leaf = (pathname: string) => {
    const matches = matchRoutes(routes, pathname);
    return matches ? { path: matches.map((m) => m.route.path ?? (m.route.index ? '(index)' : '')).join(' > '), params: matches[0]?.params } : null;
  };

  it('picks the most specific route whatever the order: static, then :param, then *', () => {
    expect(leaf('/')).toEqual({ path: '/ > (index)', params: {} });
    expect(leaf('/admin')).toEqual({ path: '/admin > (index)', params: {} });
    expect(leaf('/admin/bookings')?.path).toBe('/admin > bookings');
    expect(leaf('/admin/bookings/42%20x')).toEqual({ path: '/admin > bookings/:bookingId', params: { bookingId: '42 x' } });
    expect(leaf('/admin/nothing/here')).toEqual({ path: '/admin > *', params: { '*': 'nothing/here' } });
    // An old unprefixed admin address goes to its redirect, not to the public not-found page.
    expect(leaf('/bookings/abc')).toEqual({ path: '/bookings/*', params: { '*': 'abc' } });
    expect(leaf('/nope')?.path).toBe('/ > *');
    expect(leaf('/PRIVACY/')?.path).toBe('/ > privacy');
  });

  it('matchPath reads a pattern\'s parameters, or says it does not match', () => {
    expect(matchPath('/admin/bookings/:id', '/admin/bookings/7')).toEqual({ params: { id: '7' } });
    expect(matchPath('/admin/bookings/:id', '/admin/bookings')).toBeNull();
    expect(matchPath('/admin/bookings/:id', '/admin/bookings/7/edit')).toBeNull();
  });

  it('a link is active on its path and below it, only on its path with `end`', () => {
    expect(isActivePath('/admin/bookings', '/admin/bookings/42')).toBe(true);
    expect(isActivePath('/admin/bookings', '/admin/bookings-old')).toBe(false);
    expect(isActivePath('/admin', '/admin/bookings', true)).toBe(false);
    expect(isActivePath('/admin', '/admin', true)).toBe(true);
    expect(isActivePath('/admin/bookings?page=2', '/admin/bookings')).toBe(true);
  });
});

describe('navigation', () => {
  it('keeps the current page until the next page\'s chunk and loader are done, then shows it', async () => {
    const chunk = deferred<{ Component: () => React.ReactNode }>();
    const loaded = deferred<null>();
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <>
            <Where />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Link to="/next/5?x=1">go</Link> },
          { path: 'next/:id', lazy: () => chunk.promise, loader: () => loaded.promise },
        ],
      },
    ];
    const router = createMemoryRouter(routes);
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByText('go'));
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/');
    chunk.resolve({ Component: Params });
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/');
    loaded.resolve(null);
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/next/5?x=1');
    expect(screen.getByTestId('params').textContent).toBe('{"id":"5"}');
    expect(router.state.action).toBe('PUSH');
  });

  it('a newer navigation wins over an older one still loading', async () => {
    const slow = deferred<{ Component: () => React.ReactNode }>();
    const router = createMemoryRouter([
      { path: '/', element: <Where /> },
      { path: '/slow', lazy: () => slow.promise },
      { path: '/fast', element: <Where /> },
    ]);
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/slow'));
    act(() => router.navigate('/fast'));
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/fast');
    slow.resolve({ Component: () => <p>slow page</p> });
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/fast');
    expect(screen.queryByText('slow page')).toBeNull();
  });

  it('a chunk that fails shows the nearest errorElement with the error; the next navigation clears it', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: <Outlet />,
        errorElement: <ShowError />,
        children: [
          { index: true, element: <p>home</p> },
          { path: 'broken', lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    act(() => router.navigate('/broken'));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch dynamically imported module');
    act(() => router.navigate('/'));
    await flush();
    expect(screen.getByText('home')).toBeTruthy();
  });

  it('a page that throws while rendering shows the errorElement, not a blank screen', async () => {
    function Broken(): React.ReactNode {
      throw new Error('render failed');
    }
    const router = createMemoryRouter(
      [{ path: '/', element: <Outlet />, errorElement: <ShowError />, children: [{ index: true, element: <Broken /> }, { path: 'ok', element: <p>ok</p> }] }],
      { initialEntries: ['/'] },
    );
    const original = console.error;
    console.error = () => undefined;
    try {
      render(<RouterProvider router={router} />);
    } finally {
      console.error = original;
    }
    expect(screen.getByRole('alert').textContent).toBe('render failed');
    act(() => router.navigate('/ok'));
    await flush();
    expect(screen.getByText('ok')).toBeTruthy();
  });

  it('shows the fallback on the first render until the first address\'s chunk has arrived', async () => {
    const chunk = deferred<{ Component: () => React.ReactNode }>();
    const router = createMemoryRouter([{ path: '/admin', lazy: () => chunk.promise, hydrateFallbackElement: <p>loading</p> }], { initialEntries: ['/admin'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loading')).toBeTruthy();
    chunk.resolve({ Component: () => <p>admin</p> });
    await flush();
    expect(screen.getByText('admin')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('modified clicks are left to the browser; a link to the address shown adds no history entry; back returns', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <Where />
            <NavLink to="/a" className={({ isActive }) => (isActive ? 'on' : 'off')}>
              a
            </NavLink>
          </>
        ),
        children: [{ path: 'a' }],
      },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByText('a');
    expect(link.getAttribute('href')).toBe('/a');
    expect(link.className).toBe('off');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(link);
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/a');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.className).toBe('on');
    fireEvent.click(link);
    await flush();
    expect(router.state.action).toBe('REPLACE');
    act(() => router.navigate(-1));
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(router.state.action).toBe('POP');
  });

  it('query-string changes add up while one is loading, and never land on a page still loading', async () => {
    const other = deferred<{ Component: () => React.ReactNode }>();
    const setter: { current: ReturnType<typeof useSearchParams>[1] } = { current: () => undefined };
    const set: ReturnType<typeof useSearchParams>[1] = (next, options) => setter.current(next, options);
    function Filters() {
      const [params, setParams] = useSearchParams();
      useEffect(() => {
        setter.current = setParams;
      }, [setParams]);
      return <output data-testid="q">{params.toString()}</output>;
    }
    const router = createMemoryRouter([
      { path: '/list', element: <Filters />, loader: () => new Promise((resolve) => setTimeout(resolve, 20)) },
      { path: '/other', lazy: () => other.promise },
    ], { initialEntries: ['/list'] });
    render(<RouterProvider router={router} />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(screen.getByTestId('q').textContent).toBe('');
    act(() => set((p) => new URLSearchParams({ ...Object.fromEntries(p), a: '1' })));
    act(() => set((p) => new URLSearchParams({ ...Object.fromEntries(p), b: '2' })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(screen.getByTestId('q').textContent).toBe('a=1&b=2');
    // A click to another page is loading; the list page changes its own query meanwhile.
    act(() => router.navigate('/other'));
    act(() => set((p) => new URLSearchParams({ ...Object.fromEntries(p), c: '3' })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(router.state.location.pathname + router.state.location.search).toBe('/list?a=1&b=2&c=3');
    other.resolve({ Component: () => <p>other</p> });
    await flush();
    expect(screen.queryByText('other')).toBeNull();
  });

  it('<Navigate> redirects, replacing the entry', async () => {
    const router = createMemoryRouter([
      { path: '/old/*', element: <Navigate to="/new?x=1" replace /> },
      { path: '/new', element: <Where /> },
    ], { initialEntries: ['/old/1'] });
    render(<RouterProvider router={router} />);
    await flush();
    expect(screen.getByTestId('where').textContent).toBe('/new?x=1');
    expect(router.state.action).toBe('REPLACE');
  });
});
