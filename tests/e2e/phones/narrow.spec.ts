// Phones (375 × 740): no page is wider than the window — public pages and every back-office screen,
// a detail page of each kind included; lists show their rows as cards; the filters fold behind
// "Bộ lọc (n)" with n the number of filters set; a toast lies inside the window
// (docs/screens.md#phones).
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, signInAsAdmin } from '../helpers.ts';
import { closeDb, createAccount, sql, unique } from '../admin-ops/ops-helpers.ts';

test.afterAll(closeDb);
test.use({ viewport: { width: 375, height: 740 } });

const WIDTH = 375;

/** Waits for the screen's first heading and for every "Đang tải…" to go, then reads the page's width. */
async function pageWidth(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Đang tải…', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

const PUBLIC_PATHS = ['/', '/lao-dong-pho-thong', '/lao-dong-nong-nghiep', '/dich-vu-y-te', '/privacy', '/terms', '/contact', '/khong-co-trang-nay'];

const ADMIN_LISTS = [
  '/admin/bookings',
  '/admin/providers',
  '/admin/customers',
  '/admin/manage-commissions',
  '/admin/manage-deposit-history',
  '/admin/manage-conversations',
  '/admin/manage-reviews',
  '/admin/manage-discount-codes',
  '/admin/manage-services',
  '/admin/audit-log',
];

const ADMIN_OTHER = [
  '/admin',
  '/admin/manage-service-items',
  '/admin/manage-subcategories',
  '/admin/settings',
  '/admin/change-password',
  '/admin/two-factor',
  '/admin/khong-co-man-hinh-nay',
];

test('every public page fits 375 px', async ({ page }) => {
  const widths: Record<string, number> = {};
  for (const path of PUBLIC_PATHS) widths[path] = await pageWidth(page, path);
  expect(widths).toEqual(Object.fromEntries(PUBLIC_PATHS.map((path) => [path, WIDTH])));
});

test.describe('back office at 375 px', () => {
  let errors: string[] = [];
  test.beforeEach(async ({ page }) => {
    errors = collectConsoleErrors(page);
    await signInAsAdmin(page);
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });

  test('every screen and a detail page of each kind fit 375 px', async ({ page }) => {
    test.setTimeout(120_000);
    const [booking] = await sql<{ id: string }>('select id from public.bookings order by created_at desc limit 1');
    const [provider] = await sql<{ id: string }>("select id from public.profiles where role = 'provider' order by created_at limit 1");
    const [customer] = await sql<{ id: string }>("select id from public.profiles where role = 'customer' order by created_at limit 1");
    const [code] = await sql<{ id: string }>('select id from public.discount_codes order by created_at limit 1');
    const [conversation] = await sql<{ booking_id: string }>('select booking_id from public.conversations order by created_at limit 1');
    const details = [
      `/admin/bookings/${booking!.id}`,
      `/admin/providers/${provider!.id}`,
      `/admin/customers/${customer!.id}`,
      `/admin/manage-discount-codes/${code!.id}`,
      `/admin/messages/${conversation!.booking_id}`,
    ];
    const paths = [...ADMIN_OTHER, ...ADMIN_LISTS, ...details];
    const widths: Record<string, number> = {};
    for (const path of paths) widths[path] = await pageWidth(page, path);
    expect(widths).toEqual(Object.fromEntries(paths.map((path) => [path, WIDTH])));
  });

  test('lists show their rows as cards, with the row link and its facts under their headers', async ({ page }) => {
    test.setTimeout(90_000);
    // Created first: the audit log then has a row whatever ran before.
    const name = unique('Khách thẻ');
    const email = `${unique('the')}@e2e.sandichvu.vn`;
    const id = await createAccount({ email, password: 'Khach@123456', name, role: 'customer' });
    for (const path of ADMIN_LISTS) {
      await page.goto(path);
      await expect(page.getByTestId('data-card').first(), path).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('main table'), path).toHaveCount(0);
    }
    // A customer's card: the name links to the customer, the phone is under its header.
    await page.goto(`/admin/customers?q=${encodeURIComponent(name)}`);
    const card = page.getByTestId('data-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name })).toHaveAttribute('href', `/admin/customers/${id}`);
    await expect(card.locator('dt', { hasText: 'Số điện thoại' })).toHaveCount(1);
    await expect(card.locator('dd', { hasText: '0900000000' })).toHaveCount(1);
    await card.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${id}$`));
  });

  test('filters fold behind "Bộ lọc (n)", n the filters set', async ({ page }) => {
    await page.goto('/admin/bookings?status=completed&time=30d');
    const toggle = page.getByRole('button', { name: 'Bộ lọc (2)' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const status = page.getByRole('combobox', { name: 'Trạng thái' });
    await expect(status).toBeHidden();
    await toggle.click();
    await expect(status).toBeVisible();
    await expect(status).toHaveValue('completed');
    await page.getByRole('searchbox', { name: 'Tên khách hàng' }).fill('Nguyễn');
    await expect(page.getByRole('button', { name: 'Bộ lọc (3)' })).toBeVisible();
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page.getByRole('button', { name: 'Bộ lọc (0)' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(WIDTH);
  });

  test('a toast lies inside the window', async ({ page }) => {
    const name = unique('Khách toast');
    const id = await createAccount({ email: `${unique('toast')}@e2e.sandichvu.vn`, password: 'Khach@123456', name, role: 'customer' });
    await page.goto(`/admin/customers/${id}`);
    await page.getByRole('button', { name: /Sửa Họ tên/ }).click();
    const field = page.getByRole('textbox', { name: 'Họ tên' });
    await field.fill(`${name} mới`);
    await field.press('Enter');
    const toast = page.getByRole('status').filter({ hasText: 'Đã cập nhật' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    expect({ left: box!.x >= 0, right: box!.x + box!.width <= WIDTH }).toEqual({ left: true, right: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(WIDTH);
  });
});
