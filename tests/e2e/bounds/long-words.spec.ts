// A 100-character name without spaces (the longest the database takes) wraps instead of widening the
// page (docs/screens.md#keyboard): on the customer's detail screen the title, the header card and the
// name's edit button stay inside the window, and the button stays visible and usable.
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';
import { closeDb, createAccount, sql, unique } from '../admin-ops/ops-helpers.ts';

signedInAdminEachTest();

const tag = unique('long').replace(/[^a-z0-9]/gi, '');
const LONG_NAME = `Khách${tag}${'x'.repeat(100)}`.slice(0, 100);
let customerId = '';

test.beforeAll(async () => {
  customerId = await createAccount({ email: `${tag}@example.com`, password: 'Khach@123456', name: LONG_NAME, role: 'customer' });
});

test.afterAll(async () => {
  await sql('delete from auth.users where id = $1', [customerId]);
  await closeDb();
});

test('a 100-character name without spaces wraps in the title and keeps its edit button in view', async ({ page }) => {
  await page.goto(`/admin/customers/${customerId}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(LONG_NAME);
  // Nothing is wider than the window: no horizontal scroll of the page.
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const titleBox = await title.boundingBox();
  expect(titleBox).not.toBeNull();
  expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(widths.window);
  // The name's edit button is whole inside the window and works.
  const edit = page.getByRole('button', { name: /Sửa Họ tên/ });
  await expect(edit).toBeInViewport({ ratio: 1 });
  await edit.click();
  await expect(page.getByRole('textbox', { name: 'Họ tên' })).toHaveValue(LONG_NAME);
  await page.keyboard.press('Escape');
});
