// "Quay lại danh sách" on a detail page returns to the list exactly as the admin left it: the same
// filters and page in the URL, the same rows on screen; also after reloading the detail page.
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';

const LISTS = [
  { list: '/admin/bookings?status=completed&page=2', detail: '/admin/bookings/' },
  { list: '/admin/providers?status=active', detail: '/admin/providers/' },
  { list: '/admin/customers?page=2', detail: '/admin/customers/' },
  { list: '/admin/manage-discount-codes?status=active', detail: '/admin/manage-discount-codes/' },
];

test.describe('back to the list', () => {
  signedInAdminEachTest();

  for (const { list, detail } of LISTS) {
    test(`${list}: back from a detail page keeps the filters and the page`, async ({ page }) => {
      await page.goto(list);
      const firstLink = page.locator(`tbody a[href^="${detail}"]`).first();
      await expect(firstLink).toBeVisible();
      const listUrl = page.url();
      expect(new URL(listUrl).search).not.toBe('');
      const firstRowText = (await page.locator('tbody tr').first().textContent()) ?? '';

      await firstLink.click();
      await expect(page).toHaveURL(new RegExp(`${detail}[^?]+$`));
      await page.getByRole('link', { name: 'Quay lại danh sách' }).first().click();
      await expect(page).toHaveURL(listUrl);
      await expect(page.locator('tbody tr').first()).toHaveText(firstRowText);

      // A reloaded detail page still knows where its list was.
      await firstLink.click();
      await expect(page).toHaveURL(new RegExp(`${detail}[^?]+$`));
      await page.reload();
      await page.getByRole('link', { name: 'Quay lại danh sách' }).first().click();
      await expect(page).toHaveURL(listUrl);
    });
  }
});
