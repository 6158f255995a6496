// Professions (/admin/manage-services): name filter in the URL, refresh, inline rename (blank
// refused with the message of the catalogue, saved and surviving a reload), numeric order input (whole
// number from 0 to 100 000, saved, the list re-sorts), create with name and icon (placed last), axe.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { adminPage, closeDb, sql, tableRows, unique } from './ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const TABLE = 'Quản lý ngành nghề';
const tag = unique('nn');
const NEW_NAME = `Sửa xe ${tag}`;
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  // Leave the shared catalogue as the seed made it (other suites read it).
  await sql('delete from public.categories where name like $1', [`%${tag}%`]);
  await closeDb();
});

async function namesInOrder(): Promise<string[]> {
  return (await tableRows(page, TABLE).locator('td:nth-child(3)').allInnerTexts()).map((text) => text.replace(/\(Sửa.*\)$/s, '').trim());
}

// Other spec files add and remove their own professions in the shared catalogue while this one
// runs, so the list is compared with the database read around the same page load (retried until
// both agree), and "last" is checked against the professions that existed before the creation.
async function expectListMatchesDatabase(): Promise<{ name: string; sort_order: number }[]> {
  let rows: { name: string; sort_order: number }[] = [];
  await expect(async () => {
    await page.reload();
    await expect(tableRows(page, TABLE).first()).toBeVisible();
    rows = await sql<{ name: string; sort_order: number }>('select name, sort_order from public.categories order by sort_order, name');
    expect(await namesInOrder()).toEqual(rows.map((row) => row.name));
  }).toPass({ timeout: 20_000 });
  return rows;
}

test('lists professions by order; creating one puts it last', async () => {
  await page.goto('/admin/manage-services');
  const before = await expectListMatchesDatabase();

  await page.getByRole('button', { name: 'Thêm ngành nghề' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thêm ngành nghề mới' });
  const submit = dialog.getByRole('button', { name: 'Tạo ngành nghề' });
  await dialog.getByLabel('Tên ngành nghề').fill('   ');
  await expect(dialog.getByText('Tên ngành nghề không thể để trống')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Tên ngành nghề').fill(NEW_NAME);
  await dialog.getByLabel('Biểu tượng (emoji hoặc tên biểu tượng)').fill('🔧');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Đã tạo ngành nghề mới')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Without a reload: the list refetched and shows the new profession after every older one.
  const created = tableRows(page, TABLE).filter({ hasText: NEW_NAME });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('🔧');
  const shown = await namesInOrder();
  const olderStillShown = before.map((row) => row.name).filter((name) => shown.includes(name));
  expect(olderStillShown.length).toBeGreaterThan(0);
  for (const name of olderStillShown) expect(shown.indexOf(name)).toBeLessThan(shown.indexOf(NEW_NAME));

  const [row] = await sql<{ sort_order: number }>('select sort_order from public.categories where name = $1', [NEW_NAME]);
  expect(row!.sort_order).toBeGreaterThan(Math.max(...before.map((older) => older.sort_order)));
  await expectListMatchesDatabase();
});

test('name filter in the URL, surviving a reload', async () => {
  await page.getByLabel('Lọc theo tên').fill(tag.toUpperCase());
  await expect(page).toHaveURL(/q=/);
  await expect(tableRows(page, TABLE)).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel('Lọc theo tên')).toHaveValue(tag.toUpperCase());
  await expect(tableRows(page, TABLE)).toHaveCount(1);
  await page.getByLabel('Lọc theo tên').fill('khong-co-nganh-nay-xyz');
  await expect(page.getByText('Không tìm thấy ngành nghề phù hợp')).toBeVisible();
  await page.getByLabel('Lọc theo tên').fill('');
});

test('inline rename: blank refused with the message of the catalogue, saved and kept after reload', async () => {
  const row = tableRows(page, TABLE).filter({ hasText: NEW_NAME });
  await row.getByRole('button', { name: /Sửa Tên ngành nghề/ }).click();
  const input = row.getByRole('textbox', { name: 'Tên ngành nghề' });
  await input.fill('  ');
  await input.press('Enter');
  await expect(row.getByText('Tên ngành nghề không thể để trống')).toBeVisible();
  await input.press('Escape');
  await expect(row).toContainText(NEW_NAME);

  await row.getByRole('button', { name: /Sửa Tên ngành nghề/ }).click();
  await row.getByRole('textbox', { name: 'Tên ngành nghề' }).fill(`${NEW_NAME} ô tô`);
  await row.getByRole('textbox', { name: 'Tên ngành nghề' }).press('Enter');
  await expect(page.getByText('Đã cập nhật tên ngành nghề')).toBeVisible();
  await page.reload();
  await expect(tableRows(page, TABLE).filter({ hasText: `${NEW_NAME} ô tô` })).toHaveCount(1);
});

test('order input: invalid refused, a new order saved and the list re-sorted', async () => {
  const name = `${NEW_NAME} ô tô`;
  const order = page.getByRole('textbox', { name: `Thứ tự của ${name}` });
  await order.fill('-3');
  await order.press('Enter');
  await expect(page.getByText('Thứ tự phải là số nguyên từ 0 đến 100.000')).toBeVisible();
  await order.fill('0');
  await order.press('Enter');
  await expect(page.getByText('Đã cập nhật thứ tự')).toBeVisible();
  // Without a reload: the list re-sorted, so the profession now comes before every one ordered after 0.
  const later = (await sql<{ name: string }>('select name from public.categories where sort_order > 0')).map((row) => row.name);
  expect(later.length).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const shown = await namesInOrder();
      return shown.includes(name) && later.every((other) => !shown.includes(other) || shown.indexOf(other) > shown.indexOf(name));
    })
    .toBe(true);
  await expect(page.getByRole('textbox', { name: `Thứ tự của ${name}` })).toHaveValue('0');
  await expectListMatchesDatabase();
  await expect(page.getByRole('textbox', { name: `Thứ tự của ${name}` })).toHaveValue('0');
});

test('refresh shows a change made elsewhere', async () => {
  await sql("update public.categories set icon = '🚗' where name = $1", [`${NEW_NAME} ô tô`]);
  await page.getByRole('button', { name: 'Làm mới' }).click();
  await expect(tableRows(page, TABLE).filter({ hasText: `${NEW_NAME} ô tô` })).toContainText('🚗');
});

test('no serious or critical accessibility violation, with a profession that has no icon', async () => {
  await sql('insert into public.categories (name) values ($1)', [`Không biểu tượng ${tag}`]);
  await page.goto('/admin/manage-services');
  await expect(tableRows(page, TABLE).filter({ hasText: `Không biểu tượng ${tag}` })).toContainText('Chưa có');
  await expectNoSeriousA11yViolations(page);
});
