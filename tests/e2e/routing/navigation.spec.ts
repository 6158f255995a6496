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
    // Timed in the page: from the click to the bar being on the page (React's work, the part that
    // depends on our code), then the fade-in styles.css gives it (a short delay so an instant
    // navigation does not flash it, then the fade). Together they are what the admin waits for; the
    // sum is compared, not a frame-by-frame reading that a busy test machine would stretch.
    const shown = await page.evaluate(
      () =>
        new Promise<{ insertedAfterMs: number; fadeMs: number }>((resolve) => {
          const link = document.querySelector('#admin-sidebar a[href="/admin/manage-reviews"]');
          if (!(link instanceof HTMLElement)) throw new Error('no menu link to the reviews');
          const start = performance.now();
          const observer = new MutationObserver(() => {
            const bar = document.querySelector('[role="progressbar"]');
            if (!bar) return;
            const insertedAfterMs = performance.now() - start;
            observer.disconnect();
            const style = getComputedStyle(bar);
            const seconds = (value: string) => value.split(',').reduce((sum, part) => Math.max(sum, parseFloat(part) * (part.trim().endsWith('ms') ? 0.001 : 1)), 0);
            resolve({ insertedAfterMs, fadeMs: (seconds(style.animationDelay) + seconds(style.animationDuration)) * 1000 });
          });
          observer.observe(document.body, { childList: true, subtree: true });
          link.click();
        }),
    );
    expect(shown.fadeMs).toBeGreaterThan(0);
    expect(shown.insertedAfterMs + shown.fadeMs).toBeLessThan(300);
    // And it does become fully visible.
    await expect.poll(() => bar.evaluate((element) => Number(getComputedStyle(element).opacity))).toBeGreaterThanOrEqual(0.99);
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
