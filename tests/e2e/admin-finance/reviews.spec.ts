// Reviews (/admin/manage-reviews): columns, 1-star rows highlighted as danger, star / status /
// search filters kept in the URL, inline status edit surviving a reload, axe.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { serviceRest } from './finance-helpers.ts';

test.describe('reviews', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest({ path: '/admin/manage-reviews', heading: 'Quản lý đánh giá' });

  test('columns, 1-star reviews in red, star filter and accessibility', async ({ page }) => {
    for (const header of ['Khách hàng', 'Nhà cung cấp', 'Số sao', 'Nhận xét', 'Thời gian', 'Mã đơn', 'Trạng thái']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    // "Xóa bộ lọc" only once a filter is set; it brings the unfiltered list back.
    const clear = page.getByRole('button', { name: 'Xóa bộ lọc' });
    await expect(clear).toHaveCount(0);
    await page.getByLabel('Số sao', { exact: true }).selectOption('1');
    await expect(page).toHaveURL(/rating=1/);
    await expect(clear).toBeVisible();
    const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
    await expect.poll(async () => {
      const classes = await rows.evaluateAll((elements) => elements.map((element) => element.className));
      return classes.length > 0 && classes.every((name) => name.includes('bg-red-50'));
    }).toBe(true);
    await expect(rows.first().getByRole('img', { name: '1 trên 5 sao' })).toBeVisible();

    await page.getByLabel('Số sao', { exact: true }).selectOption('5');
    await expect.poll(async () => {
      const classes = await rows.evaluateAll((elements) => elements.map((element) => element.className));
      return classes.length > 0 && classes.every((name) => !name.includes('bg-red-50'));
    }).toBe(true);
    await clear.click();
    await expect(page).not.toHaveURL(/rating=/);
    await expect(page.getByLabel('Số sao', { exact: true })).toHaveValue('');
    await expect(clear).toHaveCount(0);
  });

  test('an inline status change survives a reload; search by content', async ({ page }) => {
    const [review] = await serviceRest<{ id: string; comment: string | null; customer_name: string; booking_id: string }[]>(
      'reviews?status=eq.active&comment=not.is.null&select=id,comment,customer_name,booking_id&order=created_at.desc&limit=1',
    );
    if (!review?.comment) throw new Error('no active review with a comment');
    await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(review.comment.slice(0, 20));
    await page.getByLabel('Trạng thái', { exact: true }).selectOption('active');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${review.booking_id.slice(-8).toUpperCase()}` }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(review.customer_name);

    await row.getByRole('button', { name: /Trạng thái đánh giá của/ }).click();
    await row.getByRole('combobox', { name: /Trạng thái đánh giá của/ }).selectOption('inactive');
    await expect(page.getByText('Đã cập nhật trạng thái đánh giá')).toBeVisible();
    const [stored] = await serviceRest<{ status: string }[]>(`reviews?id=eq.${review.id}&select=status`);
    expect(stored?.status).toBe('inactive');

    await page.getByLabel('Trạng thái', { exact: true }).selectOption('inactive');
    await page.reload();
    const again = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${review.booking_id.slice(-8).toUpperCase()}` }) });
    await expect(again.getByRole('button', { name: /Trạng thái đánh giá của/ })).toContainText('Ẩn');
  });

  test('a page number past the end (an old link) goes to the last page', async ({ page }) => {
    await page.goto('/admin/manage-reviews?rating=1&page=999');
    await expect(page).not.toHaveURL(/page=999/);
    // The last page: its range ends at the total (page 1, whose address has no page=, when the
    // one-star reviews fit on one page).
    const range = page.getByText(/^Hiển thị \d+–\d+ trên \d+/);
    await expect(range).toBeVisible();
    const [, , last, total] = /^Hiển thị ([\d.]+)–([\d.]+) trên ([\d.]+)/.exec(await range.innerText()) ?? [];
    expect(last).toBe(total);
    await expect(page.getByRole('row').filter({ has: page.getByRole('link') }).first()).toBeVisible();
  });
});
