// What React Router gives every page (docs/architecture.md#routing): a new page opens at its top,
// Back returns to where the list was left, a navigation that waits shows the pending bar at once,
// and an unsaved inline edit asks before the page is left.
import { expect, test, type Page } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a footer link at the bottom of the home page opens the next page at its top', async ({ page }) => {
  await page.goto('/');
  // Scrolled again until it holds: the prerendered page may still be hydrating (React Router's scroll
  // restoration puts a page it has just rendered at its top).
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return scrollY(page);
    })
    .toBeGreaterThan(1000);
  await page.locator('footer').getByRole('link', { name: 'Chính sách bảo mật' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chính sách bảo mật' })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
});

test.describe('back office navigation', () => {
  signedInAdminEachTest();

  test('Back from a booking opened at row 40 returns the list to where it was', async ({ page }) => {
    await page.goto('/admin/bookings');
    const link = page.locator('tbody a[href^="/admin/bookings/"]').nth(39);
    await link.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(1000);
    await link.click();
    await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]+$/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(150);
  });

  test('a navigation that waits for code and data shows the pending bar within 300 ms', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Tổng quan', level: 1 })).toBeVisible();
    const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // From now on every script chunk and every REST call answers 2.5 s late.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await delay(2500);
      await route.continue();
    });
    await page.route(/\/rest\/v1\//, async (route) => {
      await delay(2500);
      await route.continue();
    });
    const bar = page.getByRole('progressbar', { name: 'Đang mở trang…' });
    await expect(bar).toHaveCount(0);
    // Timed in the page, as the admin sees it: from the click to the first frame where the bar is
    // shown fully opaque (it fades in, styles.css).
    const shownAfterMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const link = document.querySelector('#admin-sidebar a[href="/admin/manage-reviews"]');
          if (!(link instanceof HTMLElement)) throw new Error('no menu link to the reviews');
          const start = performance.now();
          const check = () => {
            const shown = document.querySelector('[role="progressbar"]');
            if (shown && Number(getComputedStyle(shown).opacity) >= 0.99) resolve(performance.now() - start);
            else requestAnimationFrame(check);
          };
          link.click();
          requestAnimationFrame(check);
        }),
    );
    expect(shownAfterMs).toBeLessThan(300);
    await expect(bar).toBeVisible();
    // The current page stays on screen meanwhile, and the next one replaces it with its rows.
    await expect(page.getByRole('heading', { name: 'Tổng quan', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quản lý đánh giá', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(bar).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });
  });

  test('leaving a page with an unsaved inline edit asks first', async ({ page }) => {
    // The demo provider, found by its e-mail: no other test renames it.
    await page.goto('/admin/providers?q=tho%40sandichvu.vn');
    await page.locator('tbody a[href^="/admin/providers/"]').first().click();
    await expect(page).toHaveURL(/\/admin\/providers\/[0-9a-f-]+$/);
    await page.getByRole('button', { name: /Sửa Họ tên/ }).click();
    const input = page.getByRole('textbox', { name: 'Họ tên' });
    await input.fill('Tên chưa lưu');

    await page.goBack();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog.getByText('Rời trang khi chưa lưu?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ở lại' }).click();
    await expect(page).toHaveURL(/\/admin\/providers\/[0-9a-f-]+$/);
    await expect(input).toHaveValue('Tên chưa lưu');

    await page.goBack();
    await dialog.getByRole('button', { name: 'Rời trang' }).click();
    await expect(page).toHaveURL(/\/admin\/providers\?q=/);
    // Nothing was saved: the draft was only ever in the editor.
    await page.goForward();
    await expect(page.getByRole('button', { name: /Sửa Họ tên/ })).not.toContainText('Tên chưa lưu');
  });
});
