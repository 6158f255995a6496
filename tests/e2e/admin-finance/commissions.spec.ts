// Commissions (/admin/manage-commissions): the four stat cards computed by the database for the
// current filters, filters (search, service, dates, clear) in the URL, decision-1 labels, booking
// links, server-side pagination, CSV export with BOM, axe.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { serviceRest } from './finance-helpers.ts';

interface CommissionRow {
  booking_id: string;
  service_price: number;
  platform_fee: number;
  provider_amount: number;
  subcategory_id: string;
}

function card(page: Page, label: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) }).locator('p').first();
}

function vnd(amount: number): RegExp {
  return new RegExp(`^${amount.toLocaleString('vi-VN').replace(/\./g, '\\.')}\\s*₫$`);
}

test.describe('hoa hồng', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest();

  test('thẻ thống kê khớp cơ sở dữ liệu, kể cả khi lọc theo dịch vụ', async ({ page }) => {
    const all = await serviceRest<CommissionRow[]>('commissions?select=booking_id,service_price,platform_fee,provider_amount,subcategory_id');
    const sum = (rows: CommissionRow[], key: 'service_price' | 'platform_fee' | 'provider_amount') =>
      rows.reduce((total, row) => total + row[key], 0);
    await page.goto('/admin/manage-commissions');
    await expect(page.getByRole('heading', { name: 'Quản lý hoa hồng' })).toBeVisible();
    await expect(card(page, 'Tổng giá trị dịch vụ')).toHaveText(vnd(sum(all, 'service_price')));
    await expect(card(page, 'Tổng thu nhập nền tảng')).toHaveText(vnd(sum(all, 'platform_fee')));
    await expect(card(page, 'Tổng hoa hồng nhà cung cấp')).toHaveText(vnd(sum(all, 'provider_amount')));
    await expect(card(page, 'Tỷ lệ hoa hồng trung bình')).toHaveText(/%$/);
    await expect(page.getByText(`Hiển thị 1–${Math.min(50, all.length)} trên ${all.length.toLocaleString('vi-VN')}`)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Thu nhập nền tảng' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Hoa hồng nhà cung cấp' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const cleaning = all.filter((row) => row.subcategory_id === '20000000-0000-4000-8000-000000000001');
    await page.getByLabel('Dịch vụ', { exact: true }).selectOption('20000000-0000-4000-8000-000000000001');
    await expect(page).toHaveURL(/service=20000000-0000-4000-8000-000000000001/);
    await expect(card(page, 'Tổng thu nhập nền tảng')).toHaveText(vnd(sum(cleaning, 'platform_fee')));
    await expect(card(page, 'Tổng giá trị dịch vụ')).toHaveText(vnd(sum(cleaning, 'service_price')));

    const first = page.getByRole('row').nth(1).getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/admin\/bookings\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page).not.toHaveURL(/service=/);
    await expect(card(page, 'Tổng thu nhập nền tảng')).toHaveText(vnd(sum(all, 'platform_fee')));
  });

  test('lọc theo ngày, không có kết quả, phân trang và xuất CSV', async ({ page }) => {
    await page.goto('/admin/manage-commissions?from=2000-01-01&to=2000-01-31');
    await expect(page.getByText('Không có hoa hồng phù hợp với bộ lọc')).toBeVisible();
    await expect(card(page, 'Tổng thu nhập nền tảng')).toHaveText(vnd(0));

    await page.goto('/admin/manage-commissions');
    const total = (await serviceRest<unknown[]>('commissions?select=id')).length;
    if (total > 50) {
      await page.getByRole('button', { name: 'Trang sau' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(`Hiển thị 51–${Math.min(100, total)} trên ${total.toLocaleString('vi-VN')}`)).toBeVisible();
    }
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const download = await downloadPromise;
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Mã đơn,Nhà cung cấp,Dịch vụ,Giá dịch vụ,Tỷ lệ nền tảng (%),Hoa hồng nhà cung cấp,Thu nhập nền tảng,Ngày tạo,Ngày hoàn thành',
    );
    expect(lines).toHaveLength(total + 1); // every filtered row, not only the page on screen
  });
});
