// Saved views (docs/screens.md#saved-views): "Bộ lọc đã lưu" on a list's filter bar saves the
// current filters, sort and page size under a name (in public.admin_saved_views, the admin's own
// row), applies it later from another view of the list, refuses a second view of the same name,
// and deletes it. The views and the customers are the spec's own.
import { expect, test, type Page } from '@playwright/test';
import { adminPage, anonKey, apiUrl, closeDb, expectRange, insertAccounts, sql, tableRows, unique } from './ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const TABLE = 'Quản lý khách hàng';
const tag = unique('sv');
const VIEW = `Tạm dừng ${tag}`;
const NAMES = Array.from({ length: 6 }, (_, i) => `Khách Bộ Lọc ${tag} ${i + 1}`);
let page: Page;

test.beforeAll(async ({ browser }) => {
  // Three of them paused (inactive).
  await insertAccounts({ names: NAMES, emailPrefix: tag, role: 'customer', statuses: ['inactive', 'active', 'inactive', 'active', 'inactive', 'active'] });
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await sql('delete from public.admin_saved_views where name like $1', [`%${tag}%`]);
  await page.context().close();
  await closeDb();
});

test('save the current filters under a name, apply them from another view, refuse a duplicate, delete', async () => {
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}&status=inactive&sort=name.asc&size=20`);
  const rows = tableRows(page, TABLE);
  await expectRange(page, 1, 3, 3);

  const menu = page.getByRole('button', { name: 'Bộ lọc đã lưu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Bộ lọc đã lưu của danh sách này' });
  await panel.getByLabel('Tên bộ lọc').fill(`  ${VIEW}  `);
  await panel.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(page.getByText(`Đã lưu bộ lọc “${VIEW}”`)).toBeVisible();
  await expect(panel.getByRole('button', { name: `Áp dụng bộ lọc “${VIEW}”` })).toBeVisible();

  const saved = await sql<{ query: string; screen: string; email: string }>(
    `select v.query, v.screen, u.email from public.admin_saved_views v join auth.users u on u.id = v.admin_id where v.name = $1`,
    [VIEW],
  );
  expect(saved).toEqual([
    { query: `q=${encodeURIComponent(tag)}&size=20&sort=name.asc&status=inactive`, screen: 'customers', email: 'admin@sandichvu.vn' },
  ]);

  // The same name again is refused with a message.
  await panel.getByLabel('Tên bộ lọc').fill(VIEW);
  await panel.getByLabel('Tên bộ lọc').press('Enter');
  await expect(panel.getByRole('alert')).toHaveText('Đã có bộ lọc cùng tên trong danh sách này');

  // Escape closes the panel and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  // From the unfiltered list, the view brings back its filters, sort and page size.
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
  await expectRange(page, 1, 6, 6);
  await menu.click();
  await panel.getByRole('button', { name: `Áp dụng bộ lọc “${VIEW}”` }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page).toHaveURL(/size=20/);
  await expectRange(page, 1, 3, 3);
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel('Số dòng mỗi trang')).toHaveValue('20');
  await expect(rows.first()).toContainText(NAMES[0]!);

  // Delete.
  await menu.click();
  await panel.getByRole('button', { name: `Xóa bộ lọc “${VIEW}”` }).click();
  await expect(page.getByText(`Đã xóa bộ lọc “${VIEW}”`)).toBeVisible();
  await expect(panel.getByRole('button', { name: `Áp dụng bộ lọc “${VIEW}”` })).toHaveCount(0);
  expect(await sql('select 1 from public.admin_saved_views where name = $1', [VIEW])).toEqual([]);
});

test('a customer\'s own request reads no saved view and cannot write one', async () => {
  // The customer demo account through the REST API: RLS answers no rows and refuses the insert.
  const signIn = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'khachhang@sandichvu.vn', password: 'Khach@123456' }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const headers = { apikey: anonKey(), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  await sql(`insert into public.admin_saved_views (admin_id, screen, name, query)
             select id, 'customers', $1, 'status=inactive' from auth.users where email = 'admin@sandichvu.vn'`, [`Của quản trị ${tag}`]);
  const read = await fetch(`${apiUrl()}/rest/v1/admin_saved_views?select=id,name`, { headers });
  expect(read.status).toBe(200);
  expect(await read.json()).toEqual([]);
  const write = await fetch(`${apiUrl()}/rest/v1/admin_saved_views`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ screen: 'customers', name: `Của khách ${tag}`, query: '' }),
  });
  expect(write.status).toBe(403);
  expect(await sql('select 1 from public.admin_saved_views where name = $1', [`Của khách ${tag}`])).toEqual([]);
});
