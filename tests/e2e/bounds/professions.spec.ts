// Input contract on the professions screen (docs/product.md#input-rules): the order box refuses
// "abc" and a blank box with its message (never 0), Enter saves once (no false "changed by someone
// else" conflict beside the success toast), a name taken by another profession (case and accents
// aside) is refused by the database with its message; the database is unchanged by every refusal.
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, sql, tableRows, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const TABLE = 'Quản lý ngành nghề';
const tag = unique('bnn');
const NAME = `Giới hạn ${tag}`;
let page: Page;
let id: string;

test.beforeAll(async ({ browser }) => {
  const [row] = await sql<{ id: string }>('insert into public.categories (name, icon, sort_order) values ($1, $2, 50) returning id', [NAME, '🧪']);
  id = row!.id;
  page = await adminPage(browser);
  await page.goto('/admin/manage-services');
});

test.afterAll(async () => {
  await page.context().close();
  await sql('delete from public.categories where id = $1', [id]);
  await closeDb();
});

async function stored(): Promise<{ name: string; sort_order: number; updated_at: string }> {
  const [row] = await sql<{ name: string; sort_order: number; updated_at: string }>(
    'select name, sort_order, updated_at::text from public.categories where id = $1',
    [id],
  );
  return row!;
}

test('the order box refuses "abc" and a blank box with its message; nothing is written', async () => {
  const before = await stored();
  const order = page.getByRole('textbox', { name: `Thứ tự của ${NAME}` });
  await order.fill('abc');
  await order.press('Enter');
  await expect(page.getByText('Thứ tự phải là số nguyên từ 0 đến 100.000')).toBeVisible();
  await order.fill('');
  await order.press('Enter');
  await expect(page.getByText('Thứ tự không được để trống')).toBeVisible();
  await order.fill('100001');
  await order.press('Enter');
  await expect(page.getByText('Thứ tự phải là số nguyên từ 0 đến 100.000')).toBeVisible();
  expect(await stored()).toEqual(before);
  await order.press('Escape');
});

test('Enter saves the order once, with no conflict beside the success toast', async () => {
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/rest/v1/categories')) patches.push(request.url());
  });
  const order = page.getByRole('textbox', { name: `Thứ tự của ${NAME}` });
  await order.fill('51');
  await order.press('Enter');
  await expect(page.getByText('Đã cập nhật thứ tự')).toBeVisible();
  await expect.poll(async () => (await stored()).sort_order).toBe(51);
  // Give a second save (the blur that followed Enter) the time to happen, then check there was none.
  await page.waitForTimeout(1000);
  expect(patches).toHaveLength(1);
  await expect(page.getByText('Ngành nghề vừa được người khác cập nhật', { exact: false })).toHaveCount(0);
});

test('a name taken by another profession (other case, no accents) is refused; a 100-character box', async () => {
  const [other] = await sql<{ name: string }>('select name from public.categories where id <> $1 order by sort_order limit 1', [id]);
  const folded = other!.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toUpperCase();
  const before = await stored();
  const row = tableRows(page, TABLE).filter({ hasText: NAME });
  await row.getByRole('button', { name: /Sửa Tên ngành nghề/ }).click();
  const input = row.getByRole('textbox', { name: 'Tên ngành nghề' });
  await expect(input).toHaveAttribute('maxlength', '100');
  await input.fill(folded);
  await input.press('Enter');
  await expect(row.getByText('Tên ngành nghề đã tồn tại (không phân biệt hoa thường và dấu)')).toBeVisible();
  expect(await stored()).toEqual(before);
  await input.press('Escape');
});
