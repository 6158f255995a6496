// The page size of the lists (docs/screens.md#page-size): "Số dòng mỗi trang" 20 / 50 / 100 under
// every paged list, kept in the URL (`?size=`) so that a reload or a link shows the same page
// size; an invalid size is 50. The list is filtered to 25 customers of the spec's own.
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, expectRange, insertAccounts, tableRows, unique } from './ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const TABLE = 'Quản lý khách hàng';
const tag = unique('ps');
const NAMES = Array.from({ length: 25 }, (_, i) => `Khách Cỡ Trang ${tag} ${String(i + 1).padStart(2, '0')}`);
let page: Page;

test.beforeAll(async ({ browser }) => {
  await insertAccounts({ names: NAMES, emailPrefix: tag, role: 'customer' });
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

test('20 a page shows 20 rows, is kept in the URL and survives a reload', async () => {
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
  const rows = tableRows(page, TABLE);
  await expectRange(page, 1, 25, 25);
  await expect(rows).toHaveCount(25);
  const size = page.getByLabel('Số dòng mỗi trang');
  await expect(size).toHaveValue('50');

  await size.selectOption('20');
  await expect(page).toHaveURL(/[?&]size=20(&|$)/);
  await expect(rows).toHaveCount(20);
  await expectRange(page, 1, 20, 25);

  await page.reload();
  await expect(rows).toHaveCount(20);
  await expect(page.getByLabel('Số dòng mỗi trang')).toHaveValue('20');
  await expectRange(page, 1, 20, 25);

  await page.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(rows).toHaveCount(5);
  await expectRange(page, 21, 25, 25);
  await expect(rows.first()).toContainText(NAMES[20]!);

  // A new size starts again at page 1; 50 (the default) leaves the URL.
  await page.getByLabel('Số dòng mỗi trang').selectOption('50');
  await expect(page).not.toHaveURL(/[?&](size|page)=/);
  await expect(rows).toHaveCount(25);
});

test('an invalid ?size= falls back to 50; 100 is offered', async () => {
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}&size=7`);
  await expect(tableRows(page, TABLE)).toHaveCount(25);
  await expect(page.getByLabel('Số dòng mỗi trang')).toHaveValue('50');
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}&size=100`);
  await expect(page.getByLabel('Số dòng mỗi trang')).toHaveValue('100');
  await expect(tableRows(page, TABLE)).toHaveCount(25);
  await expect(page.getByLabel('Số dòng mỗi trang').locator('option')).toHaveText(['20 dòng', '50 dòng', '100 dòng']);
});
