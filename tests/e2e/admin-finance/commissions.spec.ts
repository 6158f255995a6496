// Commissions (/admin/manage-commissions): the four stat cards computed by the database for the
// current filters, filters (search, service, dates, clear) in the URL, decision-1 labels, booking
// links, server-side pagination, CSV export with BOM, axe.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { expectShownTotal } from '../admin-ops/ops-helpers.ts';
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

/** The number of commissions now. */
const countCommissions = async () => (await serviceRest<unknown[]>('commissions?select=id')).length;

const sum = (rows: CommissionRow[], key: 'service_price' | 'platform_fee' | 'provider_amount') =>
  rows.reduce((total, row) => total + row[key], 0);

/**
 * The three money cards equal the sums of the commissions table (of one service when given). The
 * other worker completes bookings meanwhile, which the cards follow live, so the table is read
 * again until both agree.
 */
async function expectCardsMatch(page: Page, subcategoryId?: string): Promise<void> {
  const cards = { 'Tổng giá trị dịch vụ': 'service_price', 'Tổng thu nhập nền tảng': 'platform_fee', 'Tổng hoa hồng nhà cung cấp': 'provider_amount' } as const;
  await expect
    .poll(async () => {
      const all = await serviceRest<CommissionRow[]>('commissions?select=booking_id,service_price,platform_fee,provider_amount,subcategory_id');
      const rows = subcategoryId ? all.filter((row) => row.subcategory_id === subcategoryId) : all;
      const differences: string[] = [];
      for (const [label, key] of Object.entries(cards)) {
        const shown = (await card(page, label).allTextContents())[0] ?? '';
        if (!vnd(sum(rows, key)).test(shown)) differences.push(`${label}: "${shown}", expected ${sum(rows, key)}`);
      }
      return differences.join('; ');
    })
    .toBe('');
}

test.describe('commissions', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest();

  test('stat cards match the database, also when filtered by service', async ({ page }) => {
    const before = await countCommissions();
    await page.goto('/admin/manage-commissions');
    await expect(page.getByRole('heading', { name: 'Quản lý hoa hồng' })).toBeVisible();
    await expectCardsMatch(page);
    await expect(card(page, 'Tỷ lệ hoa hồng trung bình')).toHaveText(/%$/);
    await expectShownTotal(page, 1, before >= 50 ? 50 : 'any', countCommissions, before);
    await expect(page.getByRole('columnheader', { name: 'Thu nhập nền tảng' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Hoa hồng nhà cung cấp' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Dịch vụ', { exact: true }).selectOption('20000000-0000-4000-8000-000000000001');
    await expect(page).toHaveURL(/service=20000000-0000-4000-8000-000000000001/);
    await expectCardsMatch(page, '20000000-0000-4000-8000-000000000001');

    const first = page.getByRole('row').nth(1).getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/admin\/bookings\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page).not.toHaveURL(/service=/);
    await expectCardsMatch(page);
  });

  test('date filter, no results, pagination and CSV export', async ({ page }) => {
    await page.goto('/admin/manage-commissions?from=2000-01-01&to=2000-01-31');
    await expect(page.getByText('Không có hoa hồng phù hợp với bộ lọc')).toBeVisible();
    await expect(card(page, 'Tổng thu nhập nền tảng')).toHaveText(vnd(0));

    const before = await countCommissions();
    await page.goto('/admin/manage-commissions');
    if (before > 50) {
      await page.getByRole('button', { name: 'Trang sau' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expectShownTotal(page, 51, before >= 100 ? 100 : 'any', countCommissions, before);
    }
    const beforeExport = await countCommissions();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const download = await downloadPromise;
    const afterExport = await countCommissions();
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark
    const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Mã đơn,Nhà cung cấp,Dịch vụ,Giá dịch vụ,Tỷ lệ nền tảng (%),Hoa hồng nhà cung cấp,Thu nhập nền tảng,Ngày tạo,Ngày hoàn thành',
    );
    // Every row, not only the page on screen (the other worker may complete bookings meanwhile).
    expect(lines.length - 1).toBeGreaterThanOrEqual(beforeExport);
    expect(lines.length - 1).toBeLessThanOrEqual(afterExport);
  });
});
