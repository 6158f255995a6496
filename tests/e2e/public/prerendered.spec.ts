// What a crawler or a link preview sees (no JavaScript): each public page's own HTML with its h1,
// text, links, title, description, canonical, cards and JSON-LD; unknown paths answer 404 with the
// not-found page; robots.txt and sitemap.xml; the back office is noindex. Then, with JavaScript:
// a price changed in the database shows without a rebuild, and no page shifts (CLS ≤ 0.05).
import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '../../../local-stack/config.ts';
import { serviceRest } from '../admin-finance/finance-helpers.ts';
import { collectConsoleErrors } from '../helpers.ts';

const SITE = (process.env.SITE_URL?.trim() || loadConfig({}).project.auth.site_url).replace(/\/+$/, '');

const PAGES = [
  { path: '/', h1: 'Sàn Dịch Vụ – đặt thợ, đặt dịch vụ tận nhà chỉ trong vài phút', text: 'Về Sàn Dịch Vụ', types: ['LocalBusiness', 'BreadcrumbList'] },
  { path: '/lao-dong-pho-thong', h1: 'Dịch vụ lao động phổ thông', text: 'Dọn dẹp nhà cửa', types: ['Service', 'BreadcrumbList'] },
  { path: '/lao-dong-nong-nghiep', h1: 'Dịch vụ lao động nông nghiệp', text: 'Thu hoạch', types: ['Service', 'BreadcrumbList'] },
  { path: '/dich-vu-y-te', h1: 'Dịch vụ y tế tại nhà', text: 'Xét nghiệm chức năng gan', types: ['Service', 'BreadcrumbList'] },
  { path: '/privacy', h1: 'Chính sách bảo mật', text: 'Thông tin chúng tôi thu thập', types: ['BreadcrumbList'] },
  { path: '/terms', h1: 'Điều khoản sử dụng', text: '13.', types: ['BreadcrumbList'] },
  { path: '/contact', h1: 'Liên hệ với chúng tôi', text: 'Tầng 5, 123 Nguyễn Văn Linh', types: ['LocalBusiness', 'BreadcrumbList'] },
] as const;

interface JsonLd {
  '@graph': { '@type': string; telephone?: string; email?: string; offers?: { price: number; priceCurrency: string }[] }[];
}

async function jsonLd(page: Page): Promise<JsonLd> {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as JsonLd;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page has its own h1, text, links and head', async ({ page }) => {
    const descriptions = new Set<string>();
    for (const info of PAGES) {
      const response = await page.goto(info.path);
      expect(response?.status(), info.path).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: info.h1, exact: true }), info.path).toBeAttached();
      await expect(page.locator('main'), info.path).toContainText(info.text);
      await expect(page.getByRole('navigation', { name: 'Liên kết' }).getByRole('link', { name: 'Điều khoản sử dụng' })).toHaveAttribute('href', '/terms');
      await expect(page.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/admin');
      expect(await page.title(), info.path).toMatch(/ \| Sàn Dịch Vụ$/);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(description.length, info.path).toBeGreaterThan(50);
      descriptions.add(description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}${info.path}`);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'vi_VN');
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${SITE}${info.path}`);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${SITE}/og-image.png`);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const types = (await jsonLd(page))['@graph'].map((node) => node['@type']);
      expect(types, info.path).toEqual(info.types);
    }
    expect(descriptions.size).toBe(PAGES.length);
  });

  test('structured data carries the settings contact details and the catalogue offers', async ({ page }) => {
    await page.goto('/contact');
    const business = (await jsonLd(page))['@graph'][0];
    expect(business).toMatchObject({ '@type': 'LocalBusiness', telephone: '1900 6868', email: 'admin@sandichvu.vn' });
    await page.goto('/dich-vu-y-te');
    const service = (await jsonLd(page))['@graph'][0];
    expect(service?.offers?.length).toBeGreaterThan(3);
    expect(service?.offers).toContainEqual(expect.objectContaining({ name: 'Xét nghiệm tại nhà – Xét nghiệm chức năng gan', price: 350000, priceCurrency: 'VND' }));
    await expect(page.getByRole('region', { name: 'Gói dịch vụ' })).toContainText('350.000');
  });

  test('an unknown path answers 404 with the not-found page; the back office is noindex', async ({ page, request }) => {
    const response = await page.goto('/trang-khong-ton-tai');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeAttached();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const admin = await request.get('/admin/bookings');
    expect(admin.status()).toBe(200);
    expect(admin.headers()['x-robots-tag']).toBe('noindex');
    expect(await admin.text()).toContain('<meta name="robots" content="noindex" />');
  });

  test('robots.txt, sitemap.xml and the favicon answer', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain('Disallow: /admin');
    expect(await robots.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(PAGES.map((info) => `${SITE}${info.path}`));
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/x-icon');
  });
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
      .poll(async () => (await jsonLd(page))['@graph'][0]?.offers?.map((offer) => offer.price) ?? [])
      .toContain(371000);
    expect(errors).toEqual([]);
  } finally {
    await serviceRest(`service_items?id=eq.${id}`, { method: 'PATCH', body: { price: before?.price ?? 350000 } });
  }
});

for (const width of [375, 1440]) {
  test(`no layout shift on any public page at ${width} px (CLS ≤ 0.05)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.addInitScript(() => {
        const store = window as unknown as { __cls: number };
        store.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) store.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const info of PAGES) {
      await page.goto(info.path);
      await page.waitForLoadState('networkidle');
      // Two frames after the last request: the refreshed catalogue and settings are on screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls, `${info.path} at ${width} px`).toBeLessThanOrEqual(0.05);
    }
  });
}
