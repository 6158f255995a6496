// The public pages (docs/screens.md#public-pages-head): one list for the router, the prerendered
// HTML files, the sitemap and each page's head. Plain data, read by vite.config.ts too.
import { publicSeo } from '../../lib/messages/public-seo.ts';
import type { ServiceAreaSlug } from '../../lib/messages/public-services.ts';

export type PublicPageKind = 'home' | 'service' | 'legal' | 'contact';

export interface PublicPage {
  path: string;
  kind: PublicPageKind;
  /** The page's own title, before " | Sàn Dịch Vụ". */
  title: string;
  description: string;
  /** The service area shown by a service page. */
  area?: ServiceAreaSlug;
  /** The page's main image (link previews; preloaded when it is the largest paint). */
  image?: string;
}

/** Each service page's area and its hero image (the page's largest paint on a phone). */
const AREAS: readonly { area: ServiceAreaSlug; image: string }[] = [
  { area: 'lao-dong-pho-thong', image: '/images/service-general.svg' },
  { area: 'lao-dong-nong-nghiep', image: '/images/service-agriculture.svg' },
  { area: 'dich-vu-y-te', image: '/images/service-medical.svg' },
];

const { titles, descriptions } = publicSeo;

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', kind: 'home', title: titles.home, description: descriptions.home, image: '/banners/slide-1.svg' },
  ...AREAS.map(
    ({ area, image }): PublicPage => ({ path: `/${area}`, kind: 'service', area, title: titles[area], description: descriptions[area], image }),
  ),
  { path: '/privacy', kind: 'legal', title: titles.privacy, description: descriptions.privacy },
  { path: '/terms', kind: 'legal', title: titles.terms, description: descriptions.terms },
  { path: '/contact', kind: 'contact', title: titles.contact, description: descriptions.contact },
];

/** Where the not-found page is built (served with status 404 for every unknown path). */
export const NOT_FOUND_FILE = '/404.html';

export function findPublicPage(pathname: string): PublicPage | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PAGES.find((page) => page.path === normalised);
}

/** "Trang chủ | Sàn Dịch Vụ". */
export function fullTitle(title: string): string {
  return title === '' ? publicSeo.siteName : `${title} | ${publicSeo.siteName}`;
}

/** robots.txt: everything but the back office, and where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** sitemap.xml of the public pages. */
export function sitemapXml(siteUrl: string, lastModified: string): string {
  const urls = PUBLIC_PAGES.map(
    (page) =>
      `  <url><loc>${siteUrl}${page.path}</loc><lastmod>${lastModified}</lastmod><priority>${page.kind === 'home' ? '1.0' : page.kind === 'legal' ? '0.3' : '0.8'}</priority></url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
