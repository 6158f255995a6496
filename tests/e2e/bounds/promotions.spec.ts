// Input contract on the promotion codes screen (docs/product.md#input-rules): a code with spaces,
// accents or markup, a 20-digit value and "abc" as maximum uses each get their field's message and
// nothing is stored.
import { expect, test, type Page } from '@playwright/test';
import { shareAdminPage, sql } from '../admin-ops/ops-helpers.ts';

let page: Page;

shareAdminPage(async (opened) => {
  page = opened;
  await page.goto('/admin/manage-discount-codes');
});

async function codeCount(): Promise<number> {
  const [row] = await sql<{ n: number }>('select count(*)::int as n from public.discount_codes');
  return row!.n;
}

test('bad code, value and maximum uses each get their message; no code is stored', async () => {
  const before = await codeCount();
  await page.getByRole('textbox', { name: 'Mã khuyến mãi', exact: true }).fill('GIAM 20 TẾT');
  await page.getByRole('combobox', { name: 'Loại giảm giá', exact: true }).first().selectOption('fixed_amount');
  await page.getByRole('textbox', { name: 'Giá trị', exact: true }).fill('99999999999999999999');
  await page.getByRole('textbox', { name: 'Số lượt sử dụng tối đa' }).fill('abc');
  await page.getByRole('textbox', { name: 'Ngày và giờ hết hạn' }).fill('31/12/2030 23:30');
  await page.getByRole('button', { name: 'Thêm mã' }).click();
  await expect(page.getByText('Mã khuyến mãi gồm 3–32 ký tự: chữ A–Z không dấu, số, dấu - hoặc _ (không có khoảng trắng)')).toBeVisible();
  await expect(page.getByText('Giá trị phải từ 0 ₫ đến 1.000.000.000 ₫')).toBeVisible();
  await expect(page.getByText('Số lượt sử dụng tối đa phải là số nguyên từ 0 đến 1.000.000')).toBeVisible();
  await page.getByRole('textbox', { name: 'Mã khuyến mãi', exact: true }).fill('<b>X</b>');
  await page.getByRole('button', { name: 'Thêm mã' }).click();
  await expect(page.getByText('Mã khuyến mãi gồm 3–32 ký tự', { exact: false })).toBeVisible();
  expect(await codeCount()).toBe(before);
  const [bad] = await sql<{ n: number }>("select count(*)::int as n from public.discount_codes where code like 'GIAM 20%' or code like '<%'");
  expect(bad!.n).toBe(0);
});
