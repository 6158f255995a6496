// Input contract of the service package dialog (docs/product.md#input-rules): a 20-digit price and
// "abc" get "Giá phải từ 1 ₫ đến 1.000.000.000 ₫", the texts carry their lengths; nothing is stored.
import { expect, test, type Page } from '@playwright/test';
import { shareAdminPage, sql } from '../admin-ops/ops-helpers.ts';

let page: Page;

shareAdminPage(async (opened) => {
  page = opened;
  await page.goto('/admin/manage-service-items');
});

test('a 20-digit or non-numeric price is refused with the price range; nothing is stored', async () => {
  const [before] = await sql<{ n: number }>('select count(*)::int as n from public.service_items');
  await page.getByRole('button', { name: /^Thêm gói vào / }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Thêm gói dịch vụ mới' });
  await dialog.getByRole('textbox', { name: /Tên gói/ }).fill('Gói giới hạn');
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
  const [after] = await sql<{ n: number }>('select count(*)::int as n from public.service_items');
  expect(after!.n).toBe(before!.n);
});
