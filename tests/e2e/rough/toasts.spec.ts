// Toasts: an error dismisses the success toasts still on screen (they no longer tell the truth),
// and the same message is never shown twice at once.
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, sql, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

let page: Page;
let bookingId: string;

test.beforeAll(async ({ browser }) => {
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const [row] = await sql<{ id: string }>(
    `insert into public.bookings (customer_name, subcategory_id, service_name, service_item_name, original_price, final_price, status)
     values ('Khách thông báo', $1, 'Dọn dẹp nhà cửa', $2, 100000, 100000, 'pending') returning id`,
    [sub!.id, `Gói ${unique('toast')}`],
  );
  bookingId = row!.id;
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

const SAVED = 'Đã cập nhật trạng thái booking';
const FAILED = /^Cập nhật trạng thái thất bại/;

test('a new error dismisses the success toast; the same error twice shows once', async () => {
  await page.goto(`/admin/bookings/${bookingId}`);
  const select = page.getByLabel('Đổi trạng thái booking');
  await expect(select).toHaveValue('pending');
  // The first save goes through, every later one is refused: the steps follow each other within
  // the toasts' lifetimes (4 s for a success, 8 s for an error).
  let patches = 0;
  await page.route('**/rest/v1/bookings?*', (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    if (patches === 1) return route.continue();
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '42501', message: 'permission denied', details: null, hint: null }) });
  });
  await select.selectOption('confirmed');
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await expect(select).toBeEnabled();
  await select.selectOption('pending');
  await expect(page.getByRole('alert').filter({ hasText: FAILED })).toHaveCount(1);
  // The success toast (still within its 4 s) is gone with the error.
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toHaveCount(0, { timeout: 500 });

  await expect(select).toBeEnabled();
  await expect(select).toHaveValue('confirmed');
  const refusedAgain = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/rest/v1/bookings'));
  await select.selectOption('pending');
  await refusedAgain;
  await expect(select).toBeEnabled();
  // Checked at once: the first error toast is still within its 8 s.
  await expect(page.getByRole('alert').filter({ hasText: FAILED })).toHaveCount(1, { timeout: 1_000 });
  expect(patches).toBe(3);
  await page.unroute('**/rest/v1/bookings?*');
});
