// The home page shows the banners chosen on /admin/settings (public.settings.featured_banner_url /
// voucher_banner_url, files in the public banners bucket), read as anon: each only when set, with
// its alt text and size, the voucher one lazily; a banner that fails to load is hidden; once removed
// it is gone. The files and the settings row are set up through the API as the service role.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiUrl, serviceRest } from '../admin-finance/finance-helpers.ts';
import { collectConsoleErrors } from '../helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BANNER_PNG = path.join(HERE, '..', 'admin-finance', 'banner-1200x400.png');
const FEATURED_ALT = 'Banner chương trình nổi bật của Sàn Dịch Vụ';
const VOUCHER_ALT = 'Banner voucher khuyến mãi của Sàn Dịch Vụ';

interface BannerRow {
  featured_banner_url: string | null;
  voucher_banner_url: string | null;
}

function serviceKey(): string {
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!key) throw new Error('E2E_SERVICE_ROLE_KEY is not set (the global setup sets it)');
  return key;
}

async function storage(method: 'POST' | 'DELETE', objectPath: string, body?: Uint8Array<ArrayBuffer>): Promise<void> {
  const key = serviceKey();
  const response = await fetch(`${apiUrl()}/storage/v1/object/banners/${objectPath}`, {
    method,
    headers: { apikey: key, Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'image/png' } : {}) },
    ...(body ? { body } : {}),
  });
  if (!response.ok) throw new Error(`${method} banners/${objectPath}: ${response.status} ${await response.text()}`);
}

async function setBanners(row: BannerRow): Promise<void> {
  await serviceRest('settings?id=eq.app', { method: 'PATCH', body: row });
}

async function naturalWidth(page: Page, alt: string): Promise<number> {
  const image = page.getByRole('img', { name: alt, exact: true });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return image.evaluate((element: HTMLImageElement) => element.naturalWidth);
}

test.describe('home page banners', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  const stamp = Date.now();
  const featuredPath = `featured_${stamp}_e2e-trang-chu.png`;
  const voucherPath = `voucher_${stamp}_e2e-trang-chu.png`;
  const featuredUrl = () => `${apiUrl()}/storage/v1/object/public/banners/${featuredPath}`;
  const voucherUrl = () => `${apiUrl()}/storage/v1/object/public/banners/${voucherPath}`;
  // The page asks Storage's image transformation for the size it shows, not for the original.
  const sized = (url: string, width: number, height: number) =>
    `${url.replace('/storage/v1/object/public/', '/storage/v1/render/image/public/')}?width=${width}&height=${height}&resize=cover`;
  let before: BannerRow = { featured_banner_url: null, voucher_banner_url: null };

  test.beforeAll(async () => {
    const [row] = await serviceRest<BannerRow[]>('settings?id=eq.app&select=featured_banner_url,voucher_banner_url');
    if (row) before = row;
    const png = new Uint8Array(await readFile(BANNER_PNG));
    await storage('POST', featuredPath, png);
    await storage('POST', voucherPath, png);
  });

  test.afterAll(async () => {
    await setBanners(before);
    await storage('DELETE', featuredPath).catch(() => undefined);
    await storage('DELETE', voucherPath).catch(() => undefined);
  });

  test('shows the configured featured and voucher banners, and hides them once removed', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await setBanners({ featured_banner_url: featuredUrl(), voucher_banner_url: voucherUrl() });
    await page.goto('/');

    const featured = page.getByRole('img', { name: FEATURED_ALT, exact: true });
    await expect(featured).toHaveAttribute('src', sized(featuredUrl(), 1200, 400));
    await expect(featured).toHaveAttribute('srcset', `${sized(featuredUrl(), 1200, 400)} 1200w, ${sized(featuredUrl(), 2400, 800)} 2400w`);
    await expect(featured).toHaveAttribute('width', '1200');
    await expect(featured).toHaveAttribute('height', '400');
    await expect(featured).not.toHaveAttribute('loading', 'lazy');
    expect(await naturalWidth(page, FEATURED_ALT)).toBe(1200);
    // Right under the carousel, before the about block.
    const featuredBox = await featured.boundingBox();
    const aboutBox = await page.getByRole('heading', { name: 'Về Sàn Dịch Vụ' }).boundingBox();
    expect(featuredBox && aboutBox && featuredBox.y < aboutBox.y).toBe(true);

    const promotions = page.getByRole('region', { name: 'Khuyến mãi' });
    const voucher = promotions.getByRole('img', { name: VOUCHER_ALT, exact: true });
    await expect(voucher).toHaveAttribute('src', sized(voucherUrl(), 1200, 300));
    await expect(voucher).toHaveAttribute('width', '1200');
    await expect(voucher).toHaveAttribute('height', '300');
    await expect(voucher).toHaveAttribute('loading', 'lazy');
    expect(await naturalWidth(page, VOUCHER_ALT)).toBe(1200);
    expect(errors).toEqual([]);

    // Removed on /admin/settings → the public page no longer shows them.
    await setBanners({ featured_banner_url: null, voucher_banner_url: null });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Về Sàn Dịch Vụ' })).toBeVisible();
    await expect(promotions).toContainText('CHAOBAN20');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('img', { name: FEATURED_ALT })).toHaveCount(0);
    await expect(page.getByRole('img', { name: VOUCHER_ALT })).toHaveCount(0);
    await expect(page.locator(`img[src*="/banners/${featuredPath}"], img[src*="/banners/${voucherPath}"]`)).toHaveCount(0);
  });

  test('a banner that fails to load is hidden, no broken image shows', async ({ page }) => {
    await setBanners({ featured_banner_url: featuredUrl(), voucher_banner_url: voucherUrl() });
    // Only this page's request for the featured file fails (the stored file stays).
    await page.route(`${sized(featuredUrl(), 1200, 400).split('?')[0]}?**`, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/');
    const voucher = page.getByRole('img', { name: VOUCHER_ALT, exact: true });
    await expect(voucher).toHaveAttribute('src', sized(voucherUrl(), 1200, 300));
    expect(await naturalWidth(page, VOUCHER_ALT)).toBe(1200);
    await expect(page.getByRole('img', { name: FEATURED_ALT })).toHaveCount(0);
    await expect(page.locator(`img[src*="/banners/${featuredPath}"]`)).toHaveCount(0);
  });
});
