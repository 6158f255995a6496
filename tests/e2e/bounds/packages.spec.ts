// Input contract of the service package dialog (docs/product.md#input-rules): a 20-digit price and
// "abc" get "Giá phải từ 1 ₫ đến 1.000.000.000 ₫", the texts carry their lengths; nothing is stored.
import { expect, test, type Page } from '@playwright/test';
import { shareAdminPage, sql, unique } from '../admin-ops/ops-helpers.ts';

let page: Page;
// Other spec files create packages at the same time, so this one looks for its own name only.
const NAME = `Gói giới hạn ${unique('gh')}`;

shareAdminPage(async (opened) => {
  page = opened;
  await page.goto('/admin/manage-service-items');
});

test('a 20-digit or non-numeric price is refused with the price range; nothing is stored', async () => {
  await page.getByRole('button', { name: /^Thêm gói vào / }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Thêm gói dịch vụ mới' });
  await dialog.getByRole('textbox', { name: /Tên gói/ }).fill(NAME);
  await expect(dialog.getByRole('textbox', { name: /Tên gói/ })).toHaveAttribute('maxlength', '150');
  await expect(dialog.getByRole('textbox', { name: /Mô tả/ })).toHaveAttribute('maxlength', '2000');
  await dialog.getByRole('textbox', { name: /Thời lượng/ }).fill('2 giờ');
  await dialog.getByRole('textbox', { name: /Mô tả/ }).fill('Mô tả');
  await dialog.getByRole('textbox', { name: /Chi tiết công việc/ }).fill('Chi tiết');
  for (const price of ['99999999999999999999', 'abc']) {
    await dialog.getByRole('textbox', { name: /Giá/ }).fill(price);
    await expect(dialog.getByText('Giá phải từ 1 ₫ đến 1.000.000.000 ₫')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Lưu' })).toBeDisabled();
  }
  // Enter in the form does not submit it either.
  await dialog.getByRole('textbox', { name: /Giá/ }).press('Enter');
  await expect(dialog.getByText('Giá phải từ 1 ₫ đến 1.000.000.000 ₫')).toBeVisible();
  await expect(dialog).toBeVisible();
  const stored = await sql<{ n: number }>('select count(*)::int as n from public.service_items where name = $1', [NAME]);
  expect(stored[0]!.n).toBe(0);
});
