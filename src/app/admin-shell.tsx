// The back office frame: header (brand, the admin's email with a menu: change password, sign out;
// user-menu.tsx),
// side navigation (every admin screen of docs/screens.md, active one highlighted, a drawer on small screens) and
// the page in <main>.
import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '@/components/ui/states.tsx';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes.tsx';
import { BrandMark } from '@/features/auth/components/brand-logo.tsx';
import { SearchButton } from '@/features/search/components/search-button.tsx';
import { useRememberListSearch } from '@/lib/lists/list-return.ts';
import { auth } from '@/lib/messages/auth.ts';
import { ADMIN_NAV } from './admin-nav.ts';
import { LiveUpdates } from './live-updates.tsx';
import { UserMenu } from './user-menu.tsx';

const t = auth.shell;

function SideNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav aria-label={t.navLabel} className="p-3">
      <ul className="space-y-0.5">
        {ADMIN_NAV.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end === true}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  'block rounded-md px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-teal-700',
                  isActive ? 'bg-teal-700 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminShell() {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  useRememberListSearch();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setNavOpen(false);
  }

  useEffect(() => {
    if (!navOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setNavOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpen]);

  return (
    <div className="min-h-screen bg-slate-50">
      <LiveUpdates />
      <UnsavedChangesGuard />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t.skipToContent}
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 sm:px-4">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 lg:hidden"
            aria-expanded={navOpen}
            aria-controls="admin-sidebar"
            aria-label={navOpen ? t.closeNav : t.openNav}
            onClick={() => setNavOpen((value) => !value)}
          >
            {navOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
          <Link to="/admin" className="flex items-center gap-2 rounded font-semibold text-slate-900">
            <BrandMark className="size-8" />
            <span className="hidden sm:inline">{t.brand}</span>
          </Link>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <SearchButton />
          <UserMenu />
        </div>
      </header>
      <div className="flex">
        {navOpen ? (
          <div className="fixed inset-0 top-14 z-20 bg-slate-900/40 lg:hidden" aria-hidden="true" onClick={() => setNavOpen(false)} />
        ) : null}
        <aside
          id="admin-sidebar"
          className={clsx(
            'fixed top-14 bottom-0 left-0 z-20 w-64 overflow-y-auto border-r border-slate-200 bg-white lg:sticky lg:block lg:h-[calc(100vh-3.5rem)]',
            navOpen ? 'block' : 'hidden',
          )}
        >
          <SideNav onNavigate={() => setNavOpen(false)} />
        </aside>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 sm:p-6 focus:outline-none">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
