// Dates shown and typed as dd/mm/yyyy whatever the browser's language (docs/screens.md#keyboard): the
// commissions list's "Từ ngày" accepts 05/03/2026 typed by hand (the URL keeps 2026-03-05, a reload
// shows 05/03/2026 again), its calendar speaks Vietnamese and a day picked there fills the field; a
// day that does not exist is refused with a message. The browser here runs in English (en-US), where
// <input type="date"> would show 03/05/2026.
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';

test.use({ locale: 'en-US' });

signedInAdminEachTest({ path: '/admin/manage-commissions', heading: 'Quản lý hoa hồng' });

test('the date filter shows and accepts 05/03/2026, and its calendar is Vietnamese', async ({ page }) => {
  const from = page.getByRole('textbox', { name: 'Từ ngày', exact: true });
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await from.fill('05/03/2026');
  await expect(page).toHaveURL(/[?&]from=2026-03-05(&|$)/);
  await expect(from).toHaveValue('05/03/2026');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Từ ngày', exact: true })).toHaveValue('05/03/2026');

  await page.getByRole('button', { name: 'Chọn từ ngày trên lịch' }).click();
  const calendar = page.getByRole('dialog', { name: 'Lịch: từ ngày' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByText('Tháng Ba 2026')).toBeVisible();
  // Weeks start on Monday ("Th 2", Thứ Hai), days named in Vietnamese.
  await expect(calendar.locator('thead th').first()).toHaveText('Th 2');
  await expect(calendar.locator('[data-day="2026-03-05"] button')).toBeFocused();
  await calendar.locator('[data-day="2026-03-10"] button').click();
  await expect(calendar).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Từ ngày', exact: true })).toHaveValue('10/03/2026');
  await expect(page).toHaveURL(/[?&]from=2026-03-10(&|$)/);

  // Escape closes the calendar and gives the focus back to its button.
  const button = page.getByRole('button', { name: 'Chọn từ ngày trên lịch' });
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Lịch: từ ngày' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Lịch: từ ngày' })).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('a day that does not exist, typed by hand, is refused with a message', async ({ page }) => {
  const to = page.getByRole('textbox', { name: 'Đến ngày', exact: true });
  await to.fill('31/02/2026');
  await to.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'Ngày không hợp lệ: 31/02/2026 — bộ lọc đã được bỏ qua.' })).toBeVisible();
  await to.fill('28/02/2026');
  await expect(page).toHaveURL(/[?&]to=2026-02-28(&|$)/);
  await expect(page.getByRole('alert').filter({ hasText: 'Ngày không hợp lệ' })).toHaveCount(0);
});
