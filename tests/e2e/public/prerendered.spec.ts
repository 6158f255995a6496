// What a crawler or a link preview sees (no JavaScript): each public page's own HTML with its h1,
// text, links, title, description, canonical, cards, JSON-LD, its route's chunks preloaded and its
// images sized; unknown paths answer 404 with the not-found page; robots.txt, sitemap.xml and the
// favicon; the back office is noindex; the headers of docs/architecture.md#public-site-prerendering.
// Then, with JavaScript: hydration adopts the prerendered HTML (never replaced by a placeholder), a
// price changed in the database shows without a rebuild, and no page shifts (CLS ≤ 0.05 at 375 and
// 1440 px, scrolled to the bottom) nor has an image whose box lacks its file's proportions.
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../../local-stack/config.ts';
import { apiUrl, serviceRest } from '../admin-finance/finance-helpers.ts';
import { collectConsoleErrors, layoutShift, watchLayoutShift } from '../helpers.ts';
import { builtPackages, serveBuiltData } from './built-data.ts';

const SITE = (process.env.SITE_URL?.trim() || loadConfig({}).project.auth.site_url).replace(/\/+$/, '');
const SUFFIX = ' | Sàn Dịch Vụ';

interface PageInfo {
  path: string;
  title: string;
  h1: string;
  text: string;
  /** A link of the page's own content (not the shared header and footer). */
  link: { name: string | RegExp; href: string };
  /** The route module whose chunk the HTML preloads. */
  chunk: string;
  /** The page's largest image, preloaded by the HTML (none on text pages). */
  image?: string;
  types: string[];
}

const PAGES: readonly PageInfo[] = [
  {
    path: '/',
    title: `Trang chủ${SUFFIX}`,
    h1: 'Sàn Dịch Vụ – đặt thợ, đặt dịch vụ tận nhà chỉ trong vài phút',
    text: 'Về Sàn Dịch Vụ',
    link: { name: /Xem chi tiết.*Dịch vụ y tế tại nhà/, href: '/dich-vu-y-te' },
    chunk: 'home-page',
    image: '/banners/slide-1.svg',
    types: ['LocalBusiness', 'BreadcrumbList'],
  },
  {
    path: '/lao-dong-pho-thong',
    title: `Lao động phổ thông${SUFFIX}`,
    h1: 'Dịch vụ lao động phổ thông',
    text: 'Dọn dẹp nhà cửa',
    link: { name: 'Liên hệ', href: '/contact' },
    chunk: 'service-area-page',
    image: '/images/service-general.svg',
    types: ['Service', 'BreadcrumbList'],
  },
  {
    path: '/lao-dong-nong-nghiep',
    title: `Lao động nông nghiệp${SUFFIX}`,
    h1: 'Dịch vụ lao động nông nghiệp',
    text: 'Thu hoạch',
    link: { name: 'Liên hệ', href: '/contact' },
    chunk: 'service-area-page',
    image: '/images/service-agriculture.svg',
    types: ['Service', 'BreadcrumbList'],
  },
  {
    path: '/dich-vu-y-te',
    title: `Dịch vụ y tế${SUFFIX}`,
    h1: 'Dịch vụ y tế tại nhà',
    text: 'Xét nghiệm chức năng gan',
    link: { name: 'Liên hệ', href: '/contact' },
    chunk: 'service-area-page',
    image: '/images/service-medical.svg',
    types: ['Service', 'BreadcrumbList'],
  },
  {
    path: '/privacy',
    title: `Chính sách bảo mật${SUFFIX}`,
    h1: 'Chính sách bảo mật',
    text: 'Thông tin chúng tôi thu thập',
    link: { name: 'Quyền của bạn', href: '#muc-6' },
    chunk: 'privacy-page',
    types: ['BreadcrumbList'],
  },
  {
    path: '/terms',
    title: `Điều khoản sử dụng${SUFFIX}`,
    h1: 'Điều khoản sử dụng',
    text: '13.',
    link: { name: 'Hủy đơn và hoàn tiền', href: '#muc-6' },
    chunk: 'terms-page',
    types: ['BreadcrumbList'],
  },
  {
    path: '/contact',
    title: `Liên hệ${SUFFIX}`,
    h1: 'Liên hệ với chúng tôi',
    text: 'Tầng 5, 123 Nguyễn Văn Linh',
    link: { name: 'admin@sandichvu.vn', href: 'mailto:admin@sandichvu.vn' },
    chunk: 'contact-page',
    types: ['LocalBusiness', 'BreadcrumbList'],
  },
];

/** The not-found page, built once (dist/404.html) and answered for every unknown path. */
const NOT_FOUND = { path: '/trang-khong-ton-tai', h1: 'Không tìm thấy trang', chunk: 'not-found-page' } as const;

/** The contact details of the seeded settings row (the built-in defaults differ: hotro@…, Tầng 8, …). */
const SETTINGS_CONTACT = {
  email: 'admin@sandichvu.vn',
  telephone: '1900 6868',
  streetAddress: 'Tầng 5, 123 Nguyễn Văn Linh, Phường Tân Phong, Quận 7, TP. Hồ Chí Minh',
};

/** One offer each service page must list, from the seeded catalogue. */
const KNOWN_OFFERS: Record<string, { name: string; price: number }> = {
  '/lao-dong-pho-thong': { name: 'Dọn dẹp nhà cửa – Gói 2 giờ', price: 160000 },
  '/lao-dong-nong-nghiep': { name: 'Cắt cỏ – Gói 2 giờ', price: 140000 },
  '/dich-vu-y-te': { name: 'Xét nghiệm tại nhà – Xét nghiệm chức năng gan', price: 350000 },
};

interface JsonLdNode {
  '@type': string;
  telephone?: string;
  email?: string;
  address?: { streetAddress?: string };
  offers?: { '@type': string; name: string; price: number; priceCurrency: string }[];
  itemListElement?: { position: number; name: string; item: string }[];
}

interface JsonLd {
  '@context': string;
  '@graph': JsonLdNode[];
}

async function jsonLd(page: Page): Promise<JsonLd> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as JsonLd;
}

function graphNode(data: JsonLd, type: string): JsonLdNode {
  const node = data['@graph'].find((candidate) => candidate['@type'] === type);
  if (!node) throw new Error(`no ${type} in the JSON-LD`);
  return node;
}

async function metaContent(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).getAttribute('content')) ?? '';
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page has its own h1, text, links and head', async ({ page }) => {
    test.setTimeout(60_000);
    const descriptions = new Set<string>();
    const titles = new Set<string>();
    for (const info of PAGES) {
      const response = await page.goto(info.path);
      expect(response?.status(), info.path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: info.h1, exact: true }), info.path).toBeAttached();
      await expect(page.getByRole('heading', { level: 1 }), `${info.path}: one h1`).toHaveCount(1);
      const main = page.locator('main');
      await expect(main, info.path).toContainText(info.text);
      await expect(main.getByRole('link', { name: info.link.name, exact: typeof info.link.name === 'string' }), info.path).toHaveAttribute('href', info.link.href);
      await expect(page.getByRole('navigation', { name: 'Liên kết' }).getByRole('link', { name: 'Điều khoản sử dụng' })).toHaveAttribute('href', '/terms');
      await expect(page.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/admin');

      const title = await page.title();
      expect(title, info.path).toBe(info.title);
      titles.add(title);
      const description = await metaContent(page, 'meta[name="description"]');
      expect(description.length, info.path).toBeGreaterThan(50);
      descriptions.add(description);
      const url = `${SITE}${info.path}`;
      const image = `${SITE}/og-image.png`;
      await expect(page.locator('link[rel="canonical"]'), info.path).toHaveAttribute('href', url);
      expect(url, 'canonical links are absolute').toMatch(/^https?:\/\//);
      // Open Graph and Twitter cards: the page's own title, description, address and image.
      const cards: [string, string][] = [
        ['meta[property="og:type"]', 'website'],
        ['meta[property="og:site_name"]', 'Sàn Dịch Vụ'],
        ['meta[property="og:locale"]', 'vi_VN'],
        ['meta[property="og:title"]', info.title],
        ['meta[property="og:description"]', description],
        ['meta[property="og:url"]', url],
        ['meta[property="og:image"]', image],
        ['meta[property="og:image:width"]', '1200'],
        ['meta[property="og:image:height"]', '630'],
        ['meta[name="twitter:card"]', 'summary_large_image'],
        ['meta[name="twitter:title"]', info.title],
        ['meta[name="twitter:description"]', description],
        ['meta[name="twitter:image"]', image],
      ];
      for (const [selector, content] of cards) await expect(page.locator(selector), `${info.path} ${selector}`).toHaveAttribute('content', content);
      expect(await metaContent(page, 'meta[property="og:image:alt"]'), info.path).not.toBe('');

      const data = await jsonLd(page);
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@graph'].map((node) => node['@type']), info.path).toEqual(info.types);
      const crumbs = graphNode(data, 'BreadcrumbList').itemListElement ?? [];
      expect(crumbs[0], info.path).toEqual(expect.objectContaining({ position: 1, name: 'Trang chủ', item: `${SITE}/` }));
      if (info.path !== '/') expect(crumbs[1], info.path).toEqual(expect.objectContaining({ position: 2, item: url }));
      expect(crumbs.length, info.path).toBe(info.path === '/' ? 1 : 2);
    }
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  test('home and contact carry the settings contact details in their JSON-LD; each service page its offers', async ({ page }) => {
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      const business = graphNode(await jsonLd(page), 'LocalBusiness');
      expect(business, path).toMatchObject({ email: SETTINGS_CONTACT.email, telephone: SETTINGS_CONTACT.telephone, address: { streetAddress: SETTINGS_CONTACT.streetAddress } });
    }
    for (const [path, offer] of Object.entries(KNOWN_OFFERS)) {
      // The page as built (other specs add packages to the shared database meanwhile): one card
      // and one offer per package it was built with, each a price in đồng.
      const built = await builtPackages(page, path);
      await serveBuiltData(page, path);
      await page.goto(path);
      const service = graphNode(await jsonLd(page), 'Service');
      const packages = page.getByRole('region', { name: 'Gói dịch vụ' });
      await expect(packages.locator('h4'), path).toHaveCount(built.length);
      const cards = built.length;
      expect(service.offers?.length, path).toBe(cards);
      for (const item of service.offers ?? []) expect(item, path).toMatchObject({ '@type': 'Offer', priceCurrency: 'VND', price: expect.any(Number) });
      expect(service.offers, path).toContainEqual(expect.objectContaining({ name: offer.name, price: offer.price }));
      await expect(packages, path).toContainText(new Intl.NumberFormat('vi-VN').format(offer.price));
    }
  });

  test("each page preloads its route's chunks and its largest image, preconnects to the API and sizes every image", async ({ page }) => {
    const api = new URL(apiUrl()).origin;
    for (const info of [...PAGES, { ...NOT_FOUND, image: undefined }]) {
      await page.goto(info.path);
      const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(preloads.some((href) => new RegExp(`^/assets/${info.chunk}-[\\w-]+\\.js$`).test(href)), `${info.path}: ${preloads.join(', ')}`).toBe(true);
      // One preconnect, to the API the page is served with (not the one of the build's environment).
      await expect(page.locator('link[rel="preconnect"]'), info.path).toHaveCount(1);
      await expect(page.locator('link[rel="preconnect"]'), info.path).toHaveAttribute('href', api);
      // React's own image preloads are not left inside #root: the head has the page's one.
      await expect(page.locator('#root link'), info.path).toHaveCount(0);
      if (info.image) {
        const preload = page.locator('head link[rel="preload"][as="image"]');
        await expect(preload, info.path).toHaveAttribute('href', new RegExp(`^${info.image}\\?v=[0-9a-f]{8,}$`));
        await expect(preload, info.path).toHaveAttribute('fetchpriority', 'high');
        const href = await preload.getAttribute('href');
        await expect(page.locator(`main img[src="${href}"]`).first(), `${info.path}: the preloaded image is the page's`).toBeAttached();
      }
      const unsized = await page.locator('img').evaluateAll((images) =>
        images.filter((image) => !/^\d+$/.test(image.getAttribute('width') ?? '') || !/^\d+$/.test(image.getAttribute('height') ?? '')).map((image) => image.outerHTML),
      );
      expect(unsized, `${info.path}: images without width and height`).toEqual([]);
      await expect(page.locator('link[rel="icon"][href="/favicon.ico"]'), info.path).toHaveCount(1);
    }
  });

  test('an unknown path answers 404 with the not-found page; the back office is noindex', async ({ page, request }) => {
    for (const path of [NOT_FOUND.path, '/dich-vu-y-te/khong-co', '/khong-co.html']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND.h1 }), path).toBeAttached();
      await expect(page.locator('main').getByRole('link', { name: 'Về trang chủ' }), path).toHaveAttribute('href', '/');
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
      await expect(page).toHaveTitle(`Không tìm thấy trang${SUFFIX}`);
      expect(response?.headers()['x-robots-tag'], path).toBe('noindex');
    }
    for (const path of ['/admin', '/admin/bookings']) {
      const admin = await request.get(path);
      expect(admin.status(), path).toBe(200);
      expect(admin.headers()['x-robots-tag'], path).toBe('noindex');
      expect(await admin.text(), path).toContain('<meta name="robots" content="noindex" />');
    }
  });

  test('robots.txt, sitemap.xml and the favicon answer', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain('Disallow: /admin');
    expect(await robots.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(PAGES.map((info) => `${SITE}${info.path}`));
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/x-icon');
  });

  test('pages carry the security headers; hashed assets and versioned images are cached for a year, HTML is revalidated', async ({ page, request }) => {
    const api = new URL(apiUrl()).origin;
    const response = await page.goto('/');
    for (const answer of [response, await request.get(NOT_FOUND.path), await request.get('/admin')]) {
      const headers = answer?.headers() ?? {};
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain(`connect-src 'self' ${api}`);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['cache-control']).toBe('no-cache');
    }
    const script = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    const image = await page.locator('head link[rel="preload"][as="image"]').getAttribute('href');
    for (const path of [script, image]) {
      const answer = await request.get(path ?? '');
      expect(answer.status(), path ?? '').toBe(200);
      expect(answer.headers()['cache-control'], path ?? '').toBe('public, max-age=31536000, immutable');
      expect(answer.headers()['x-content-type-options'], path ?? '').toBe('nosniff');
    }
  });
});

test('hydration adopts the prerendered HTML of every page: the same nodes, no placeholder, no error', async ({ page }) => {
  test.setTimeout(60_000);
  // Before any script of the page runs (readyState "interactive" comes before module scripts), keep
  // the prerendered h1 and watch #root for removed nodes and for the loading placeholder.
  await page.addInitScript(() => {
    const store = window as unknown as { __h1: Element | null; __removed: string[]; __placeholder: boolean };
    store.__removed = [];
    store.__placeholder = false;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      store.__h1 = document.querySelector('h1');
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node.contains(store.__h1)) store.__removed.push(node.nodeName);
          }
          for (const node of record.addedNodes) {
            if (node.textContent?.includes('Đang tải')) store.__placeholder = true;
          }
        }
      }).observe(root, { childList: true, subtree: true });
    });
  });
  const errors = collectConsoleErrors(page);
  for (const info of [...PAGES, NOT_FOUND]) {
    await page.goto(info.path);
    // Hydrated: React has attached its fiber to the h1 the server sent.
    await expect
      .poll(() => page.evaluate(() => Object.keys((window as unknown as { __h1: object | null }).__h1 ?? {}).some((key) => key.startsWith('__reactFiber$'))), { message: info.path })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const state = await page.evaluate(() => {
      const store = window as unknown as { __h1: Element | null; __removed: string[]; __placeholder: boolean };
      return { same: store.__h1 !== null && store.__h1 === document.querySelector('h1') && store.__h1.isConnected, removed: store.__removed, placeholder: store.__placeholder };
    });
    expect(state, info.path).toEqual({ same: true, removed: [], placeholder: false });
  }
  // The not-found page's own status is the one error Chromium reports.
  expect(errors.filter((error) => !/status of 404 \(Not Found\)/.test(error))).toEqual([]);
});

test('a price changed in the database shows after hydration without a rebuild, with no hydration error', async ({ page }) => {
  const id = '30000000-0000-4000-8000-000000000201';
  const [before] = await serviceRest<{ price: number }[]>(`service_items?id=eq.${id}&select=price`);
  try {
    await serviceRest(`service_items?id=eq.${id}`, { method: 'PATCH', body: { price: 371000 } });
    const errors = collectConsoleErrors(page);
    await page.goto('/dich-vu-y-te');
    const packages = page.getByRole('region', { name: 'Gói dịch vụ' });
    await expect(packages).toContainText('371.000');
    // The head is replaced in an effect after the render that shows the price: wait for it.
    await expect
      .poll(async () => graphNode(await jsonLd(page), 'Service').offers?.map((offer) => offer.price) ?? [])
      .toContain(371000);
    expect(errors).toEqual([]);
  } finally {
    await serviceRest(`service_items?id=eq.${id}`, { method: 'PATCH', body: { price: before?.price ?? 350000 } });
  }
});

/** Scrolls to the bottom in steps, waits there until every (lazy) image has loaded, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const pause = (ms: number) => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, ms)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await pause(100);
    }
    const start = performance.now();
    while (Array.from(document.images).some((image) => !image.complete) && performance.now() - start < 5000) await pause(50);
    window.scrollTo(0, 0);
    await pause(50);
  });
  await page.waitForLoadState('networkidle');
}

/** Images whose width and height attributes do not have the proportions of the file they show. */
async function missizedImages(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
  return page.locator('img').evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((image) => image.naturalWidth > 0 && image.naturalHeight > 0)
      .filter((image) => {
        const declared = Number(image.getAttribute('width')) / Number(image.getAttribute('height'));
        return Math.abs(declared / (image.naturalWidth / image.naturalHeight) - 1) > 0.01;
      })
      .map((image) => `${image.getAttribute('src')}: ${image.getAttribute('width')}×${image.getAttribute('height')}, file ${image.naturalWidth}×${image.naturalHeight}`),
  );
}

for (const width of [375, 1440]) {
  test(`no layout shift on any public page at ${width} px (CLS ≤ 0.05), scrolled to the bottom; every image sized at its file's proportions`, async ({ page }) => {
    // Seven pages loaded and scrolled through on a machine that may be busy.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await watchLayoutShift(page);
    for (const info of PAGES) {
      await serveBuiltData(page, info.path);
      await page.goto(info.path);
      await page.waitForLoadState('networkidle');
      // Two frames after the last request: the refreshed catalogue and settings are on screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await scrollThrough(page);
      const cls = await layoutShift(page);
      expect(cls, `${info.path} at ${width} px`).toBeLessThanOrEqual(0.05);
      // Their width and height reserve the right space: the box keeps the file's proportions.
      expect(await missizedImages(page), `${info.path} at ${width} px`).toEqual([]);
    }
  });
}
