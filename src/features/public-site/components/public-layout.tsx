// Shared frame of the public pages: header (logo → home, links to every public page, mobile menu
// with a backdrop, login button → /admin) and footer (contact, store badges, © 2025).
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { publicSite } from '@/lib/messages/public-site.ts';
import { catalogueKey, pageBuiltAt, useCachedValue, usePublicSettings } from '@/features/public-site/api/use-public-resource.ts';
import type { PublicCatalogueArea } from '@/lib/supabase/public-api.ts';
import { SERVICE_AREA_SLUGS } from '@/features/public-site/public-routes-data.ts';
import { publicAsset } from '@/features/public-site/public-asset.ts';
import { StoreBadges } from './store-badges.tsx';

const t = publicSite;

const NAV_LINKS = [
  { to: '/', label: t.nav.home, end: true },
  { to: '/lao-dong-pho-thong', label: t.nav.generalLabour },
  { to: '/lao-dong-nong-nghiep', label: t.nav.agriculture },
  { to: '/dich-vu-y-te', label: t.nav.medical },
  { to: '/contact', label: t.nav.contact },
  { to: '/privacy', label: t.nav.privacy },
  { to: '/terms', label: t.nav.terms },
] as const;

function navClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap ${
    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100 hover:text-teal-800'
  }`;
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
    </svg>
  );
}

function Header() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded" aria-label={t.nav.logoAlt}>
          <img src={publicAsset('/logo.svg')} alt="" width={36} height={36} />
          <span className="text-lg font-bold whitespace-nowrap text-teal-800">{t.brand}</span>
        </Link>
        <nav aria-label={t.nav.label} className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={'end' in link} className={navClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <Link
            to="/admin"
            title={t.nav.loginHint}
            className="inline-flex h-10 items-center rounded-md bg-teal-700 px-4 text-sm font-semibold whitespace-nowrap text-white hover:bg-teal-800"
          >
            {t.nav.login}
          </Link>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 xl:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t.nav.closeMenu : t.nav.openMenu}
            onClick={() => setOpen((value) => !value)}
          >
            <MenuIcon open={open} />
          </button>
        </div>
      </div>
      {open ? (
        <>
          <div
            className="fixed inset-0 top-16 z-30 bg-slate-900/40 xl:hidden"
            data-testid="mobile-menu-backdrop"
            aria-hidden="true"
            onClick={() => setOpen(false)}
          />
          <nav
            id="mobile-menu"
            aria-label={t.nav.label}
            className="absolute inset-x-0 top-16 z-40 border-b border-slate-200 bg-white shadow-lg xl:hidden"
          >
            <ul className="mx-auto max-w-6xl space-y-1 px-4 py-3">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={'end' in link} className={navClass} onClick={() => setOpen(false)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </>
      ) : null}
    </header>
  );
}

function Footer() {
  const settings = usePublicSettings().data;
  const email = settings?.admin_email || t.contactDefaults.email;
  const phone = settings?.contact_phone || t.contactDefaults.phone;
  const address = settings?.contact_address || t.contactDefaults.address;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <img src={publicAsset('/logo.svg')} alt="" width={32} height={32} />
            {t.brand}
          </p>
          <p className="text-sm leading-relaxed">{t.footer.about}</p>
        </div>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t.footer.contactHeading}</h2>
          <address className="space-y-2 text-sm not-italic">
            <p>
              <span className="text-slate-400">{t.footer.email}: </span>
              <a className="hover:text-white hover:underline" href={`mailto:${email}`}>
                {email}
              </a>
            </p>
            <p>
              <span className="text-slate-400">{t.footer.phone}: </span>
              <a className="hover:text-white hover:underline" href={`tel:${phone.replace(/\s+/g, '')}`}>
                {phone}
              </a>
            </p>
            <p>
              <span className="text-slate-400">{t.footer.address}: </span>
              {address}
            </p>
            <p>
              <span className="text-slate-400">{t.footer.hours}: </span>
              {t.contactDefaults.hours}
            </p>
          </address>
        </div>
        <nav aria-label={t.footer.linksHeading}>
          <h2 className="mb-3 font-semibold text-white">{t.footer.linksHeading}</h2>
          <ul className="space-y-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="hover:text-white hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold text-white">{t.footer.appHeading}</h2>
          <StoreBadges />
        </div>
      </div>
      <div className="border-t border-slate-800 py-4 text-center text-sm text-slate-400">{t.footer.copyright}</div>
    </footer>
  );
}

/**
 * Keeps the document's head (title, description, canonical, cards, JSON-LD) in step with the page
 * and its data. The prerendered HTML already has the first page's head, so the code that builds it
 * (and every page's description) loads after the page, off the first paint's budget.
 */
function usePageHead(): void {
  const { pathname } = useLocation();
  const settings = usePublicSettings().data;
  const area = SERVICE_AREA_SLUGS.find((slug) => pathname.replace(/\/+$/, '') === `/${slug}`);
  const catalogue = useCachedValue<PublicCatalogueArea | null>(area ? catalogueKey(area) : undefined);
  // The first head of a prerendered page is in its HTML already (built with the same values).
  const builtHead = useRef(pageBuiltAt() !== undefined);
  useEffect(() => {
    if (builtHead.current) {
      builtHead.current = false;
      return;
    }
    let current = true;
    void Promise.all([import('@/features/public-site/seo/page-head.ts'), import('@/features/public-site/seo/site-url.ts')]).then(([{ applyPageHead, pageHead }, { SITE_URL }]) => {
      if (current) applyPageHead(pageHead(pathname, { settings, catalogue }, SITE_URL));
    });
    return () => {
      current = false;
    };
  }, [pathname, settings, catalogue]);
}

/**
 * The maintenance notice of the settings, fixed at the bottom of the window: turned on after the
 * page was built, it shows once the settings are read again without moving anything on the page
 * (no layout shift). An invisible copy at the very end of the page, where it moves nothing either,
 * keeps the footer's last line from staying under it.
 */
function MaintenanceNotice() {
  const settings = usePublicSettings().data;
  if (settings?.maintenance_mode !== true) return null;
  const look = 'px-4 py-2 text-center text-sm';
  return (
    <>
      <p role="status" className={`fixed inset-x-0 bottom-0 z-50 border-t border-amber-300 bg-amber-100 text-amber-900 ${look}`}>
        {t.maintenance}
      </p>
      <div aria-hidden="true" className={`invisible border-t ${look}`}>
        {t.maintenance}
      </div>
    </>
  );
}

export function PublicLayout() {
  usePageHead();
  // The notice comes after the screen-tall frame: its copy at the end never pulls the footer up.
  return (
    <>
      <div className="flex min-h-screen flex-col bg-white text-slate-800">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {t.skipToContent}
        </a>
        <Header />
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <MaintenanceNotice />
    </>
  );
}
