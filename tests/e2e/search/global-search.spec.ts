// The back office search box (docs/screens.md#global-search): Ctrl+K or "/" opens it from any
// screen, the 8 characters a screen shows of a booking find that booking, a phone number typed
// the Vietnamese way (+84, spaces, dots) finds the customer, results are grouped, the arrows and
// Enter open one, Escape closes and gives the focus back. The records are the spec's own.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { adminPage, closeDb, createAccount, sql, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const tag = unique('gs');
const NAME = `Khách Tìm Nhanh ${tag}`;
// A number of our own: 09 and 8 digits of the run.
const DIGITS = String(Date.now() % 100_000_000).padStart(8, '0');
const PHONE = `09${DIGITS}`;
let page: Page;
let customerId: string;
let bookingId: string;

test.beforeAll(async ({ browser }) => {
  customerId = await createAccount({ email: `${tag}@e2e.sandichvu.vn`, password: 'Khach@e2e123456', name: NAME, role: 'customer' });
  await sql('update public.profiles set phone = $2 where id = $1', [customerId, PHONE]);
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const [booking] = await sql<{ id: string }>(
    `insert into public.bookings (customer_id, customer_name, subcategory_id, service_name, service_item_name, status, original_price, final_price)
     values ($1, $2, $3, 'Dọn dẹp nhà cửa', 'Gói tìm nhanh', 'pending', 250000, 250000) returning id`,
    [customerId, NAME, sub!.id],
  );
  bookingId = booking!.id;
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

const combobox = (p: Page) => p.getByRole('combobox', { name: 'Tìm đơn hàng, khách hàng, nhà cung cấp' });
// The button (and its shortcuts) load just after the first paint: wait for it before a shortcut.
const searchButton = (p: Page) => p.getByRole('button', { name: /Tìm kiếm/ });
const group = (p: Page, name: string) => p.getByRole('listbox', { name: 'Kết quả tìm kiếm' }).getByRole('group', { name });

test('Ctrl+K finds a booking by the 8 characters the screens show and opens it with Enter', async () => {
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(searchButton(page)).toBeVisible();
  await page.keyboard.press('Control+K');
  const box = combobox(page);
  await expect(box).toBeFocused();
  const short = bookingId.slice(-8).toUpperCase();
  await box.fill(short);
  const bookings = group(page, 'Đơn hàng');
  await expect(bookings.getByRole('option')).toHaveCount(1);
  await expect(bookings.getByRole('option')).toContainText(`#${short} · ${NAME}`);
  await expect(bookings.getByRole('option')).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await bookings.getByRole('option').getAttribute('id'))!);
  await expectNoSeriousA11yViolations(page);
  await box.press('Enter');
  // The booking screen's code and data load after the Enter (a busy machine: up to 15 s).
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingId}$`), { timeout: 15_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The focus goes back to the search button (the opener was the page itself).
  await expect(searchButton(page)).toBeFocused();
});

test('"/" opens it; a phone number written +84 with spaces finds the customer; arrows and Escape', async () => {
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(searchButton(page)).toBeVisible();
  await page.locator('body').press('/');
  const box = combobox(page);
  await expect(box).toBeFocused();
  await box.fill(`+84 ${PHONE.slice(1, 3)} ${PHONE.slice(3, 6)} ${PHONE.slice(6)}`);
  const customers = group(page, 'Khách hàng');
  await expect(customers.getByRole('option')).toHaveCount(1);
  await expect(customers.getByRole('option')).toContainText(NAME);
  await expect(customers.getByRole('option')).toContainText(PHONE);
  await expect(group(page, 'Đơn hàng')).toHaveCount(0);
  await expect(group(page, 'Nhà cung cấp')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'kết quả' })).toHaveText('1 kết quả');

  // Dots, then the arrows keep the single option active; Escape closes and the focus returns.
  await box.fill(`${PHONE.slice(0, 4)}.${PHONE.slice(4, 7)}.${PHONE.slice(7)}`);
  await expect(customers.getByRole('option')).toContainText(NAME);
  await box.press('ArrowDown');
  await expect(customers.getByRole('option')).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The header button opens it too; Enter on the phone's result opens the customer.
  const button = searchButton(page);
  await button.click();
  await combobox(page).fill(PHONE);
  await expect(group(page, 'Khách hàng').getByRole('option')).toContainText(NAME);
  await combobox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`), { timeout: 15_000 });
  await expect(button).toBeFocused();
});

test('an accent-less name finds the customer; one character asks for more; the text is bounded', async () => {
  await page.keyboard.press('Control+K');
  const box = combobox(page);
  await box.fill('k');
  await expect(page.getByText('Nhập ít nhất 2 ký tự để tìm.')).toBeVisible();
  await box.fill(`khach tim nhanh ${tag}`);
  await expect(group(page, 'Khách hàng').getByRole('option')).toHaveCount(1);
  await expect(group(page, 'Khách hàng').getByRole('option')).toContainText(NAME);
  await expect(box).toHaveAttribute('maxlength', '100');
  await box.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
