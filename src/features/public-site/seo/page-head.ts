// Each public page's head (docs/screens.md#public-pages-head): title, its own description, absolute
// canonical, Open Graph and Twitter cards, and JSON-LD (LocalBusiness with the contact details of
// the settings on home and contact, Service with its offers on the service pages, BreadcrumbList).
// Built once per page at build time and again in the browser when the page or its data change.
import { publicSeo } from '@/lib/messages/public-seo.ts';
import { publicSite } from '@/lib/messages/public-site.ts';
import type { PublicCatalogueArea, PublicSettings } from '@/lib/supabase/public-api.ts';
import { findPublicPage, fullTitle, type PublicPage } from '@/features/public-site/site-pages.ts';

export interface HeadTag {
  type: 'meta' | 'link' | 'script';
  props: Record<string, string>;
  children?: string;
}

export interface PageHead {
  title: string;
  tags: HeadTag[];
}

export interface HeadData {
  settings: PublicSettings | null | undefined;
  catalogue: PublicCatalogueArea | null | undefined;
}

/** The link preview image (1200×630, in public/). */
export const SHARE_IMAGE = { path: '/og-image.png', width: '1200', height: '630' } as const;

/** Marks the tags the page owns, so the browser can replace them on navigation. */
const OWNED = { 'data-page-head': '' };

function meta(props: Record<string, string>): HeadTag {
  return { type: 'meta', props: { ...props, ...OWNED } };
}

/** JSON inside <script>: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function organization(siteUrl: string, settings: PublicSettings | null | undefined): Record<string, unknown> {
  const defaults = publicSite.contactDefaults;
  return {
    '@type': 'LocalBusiness',
    '@id': `${siteUrl}/#organization`,
    name: settings?.site_name || publicSeo.siteName,
    description: settings?.site_description || publicSeo.organizationDescription,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/logo.svg`,
    image: `${siteUrl}${SHARE_IMAGE.path}`,
    email: settings?.admin_email || defaults.email,
    telephone: settings?.contact_phone || defaults.phone,
    address: { '@type': 'PostalAddress', streetAddress: settings?.contact_address || defaults.address, addressCountry: 'VN' },
    openingHours: publicSeo.openingHours,
    areaServed: publicSeo.areaServed,
  };
}

function service(siteUrl: string, page: PublicPage, catalogue: PublicCatalogueArea | null | undefined): Record<string, unknown> {
  const url = `${siteUrl}${page.path}`;
  const names = new Map((catalogue?.services ?? []).map((item) => [item.id, item.name]));
  return {
    '@type': 'Service',
    name: page.title,
    serviceType: catalogue?.category.name ?? page.title,
    description: page.description,
    url,
    areaServed: publicSeo.areaServed,
    provider: { '@id': `${siteUrl}/#organization`, '@type': 'Organization', name: publicSeo.siteName, url: `${siteUrl}/` },
    offers: (catalogue?.packages ?? []).map((item) => ({
      '@type': 'Offer',
      name: `${names.get(item.subcategory_id) ?? page.title} – ${item.name}`,
      price: item.price,
      priceCurrency: 'VND',
      availability: 'https://schema.org/InStock',
      url,
    })),
  };
}

function breadcrumbs(siteUrl: string, page: PublicPage): Record<string, unknown> {
  const items: { name: string; url: string }[] = [{ name: publicSeo.breadcrumbHome, url: `${siteUrl}/` }];
  if (page.path !== '/') items.push({ name: page.title, url: `${siteUrl}${page.path}` });
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

/** The head of `pathname`: a public page's, or the not-found page's (noindex) for any other path. */
export function pageHead(pathname: string, data: HeadData, siteUrl: string): PageHead {
  const page = findPublicPage(pathname);
  if (!page) {
    return {
      title: fullTitle(publicSeo.titles.notFound),
      tags: [meta({ name: 'description', content: publicSeo.descriptions.notFound }), meta({ name: 'robots', content: 'noindex' })],
    };
  }
  const title = fullTitle(page.title);
  const url = `${siteUrl}${page.path}`;
  const image = `${siteUrl}${SHARE_IMAGE.path}`;
  const graph: Record<string, unknown>[] = [];
  if (page.kind === 'home' || page.kind === 'contact') graph.push(organization(siteUrl, data.settings));
  if (page.kind === 'service') graph.push(service(siteUrl, page, data.catalogue));
  graph.push(breadcrumbs(siteUrl, page));
  return {
    title,
    tags: [
      meta({ name: 'description', content: page.description }),
      { type: 'link', props: { rel: 'canonical', href: url, ...OWNED } },
      meta({ property: 'og:type', content: 'website' }),
      meta({ property: 'og:site_name', content: publicSeo.siteName }),
      meta({ property: 'og:locale', content: 'vi_VN' }),
      meta({ property: 'og:title', content: title }),
      meta({ property: 'og:description', content: page.description }),
      meta({ property: 'og:url', content: url }),
      meta({ property: 'og:image', content: image }),
      meta({ property: 'og:image:width', content: SHARE_IMAGE.width }),
      meta({ property: 'og:image:height', content: SHARE_IMAGE.height }),
      meta({ property: 'og:image:alt', content: publicSeo.imageAlt }),
      meta({ name: 'twitter:card', content: 'summary_large_image' }),
      meta({ name: 'twitter:title', content: title }),
      meta({ name: 'twitter:description', content: page.description }),
      meta({ name: 'twitter:image', content: image }),
      {
        type: 'script',
        props: { type: 'application/ld+json', ...OWNED },
        children: jsonForScript({ '@context': 'https://schema.org', '@graph': graph }),
      },
    ],
  };
}

/** Replaces the page-owned tags of `document.head` (browser side, after a navigation or new data). */
export function applyPageHead(head: PageHead, doc: Document = document): void {
  doc.title = head.title;
  for (const element of Array.from(doc.head.querySelectorAll('[data-page-head]'))) element.remove();
  for (const tag of head.tags) {
    const element = doc.createElement(tag.type);
    for (const [name, value] of Object.entries(tag.props)) element.setAttribute(name, value);
    if (tag.children !== undefined) element.textContent = tag.children;
    doc.head.append(element);
  }
}
