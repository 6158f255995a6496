// The header's account menu (src/app/user-menu.tsx, docs/architecture.md#lazy-parts): on a fresh page
// load its code (the user-menu-radix chunk) is not requested before the first activation, not even
// once the page is idle or the pointer rests on the button; the first activation loads it and opens
// the menu at once — from the keyboard alone (Tab to the button, Enter, ArrowDown, Enter on an item)
// with the focus on the first item, from the mouse with the focus on the menu — and later openings
// are the same menu without another download.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';

const MENU_CHUNK = /\/assets\/user-menu-radix-[\w-]+\.js$/;

/** The menu chunk's requests from now on. */
function watchMenuChunk(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (MENU_CHUNK.test(new URL(request.url()).pathname)) requested.push(request.url());
  });
  return requested;
}

/** Waits until the page has loaded, the network is quiet and the browser has had idle time. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('admin-email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve())));
}

/** Presses Tab from the top of the page until `target` has the focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the account menu button');
}

test.describe('account menu', () => {
  signedInAdminEachTest();

  test('keyboard only on a fresh load: Tab to it, Enter, ArrowDown, Enter opens the second item', async ({ page }) => {
    const requested = watchMenuChunk(page);
    await page.goto('/admin');
    await settled(page);
    const button = page.getByRole('button', { name: /Tài khoản/ });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await tabTo(page, button);
    expect(requested).toEqual([]);

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Tài khoản' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Đổi mật khẩu', 'Xác thực hai lớp', 'Đăng xuất']);
    await expect(menu.getByRole('menuitem', { name: 'Đổi mật khẩu' })).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(requested).toHaveLength(1);

    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Xác thực hai lớp' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/two-factor$/);
    await expect(page.getByRole('heading', { name: 'Xác thực hai lớp', level: 1 })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // Later openings: the same menu, no second download.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Đổi mật khẩu' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Đăng xuất' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/two-factor$/);
    expect(requested).toHaveLength(1);
  });

  test('mouse on a fresh load: resting on the button loads nothing, a click opens the menu', async ({ page }) => {
    const requested = watchMenuChunk(page);
    await page.goto('/admin/settings');
    await settled(page);
    const button = page.getByRole('button', { name: /Tài khoản/ });
    await button.hover();
    await page.evaluate(() => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve())));
    expect(requested).toEqual([]);

    await button.click();
    const menu = page.getByRole('menu', { name: 'Tài khoản' });
    await expect(menu).toBeVisible();
    // Opened by a pointer, Radix focuses the menu itself (the arrow keys then reach the items).
    await expect(menu).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(requested).toHaveLength(1);
    await menu.getByRole('menuitem', { name: 'Đổi mật khẩu' }).click();
    await expect(page).toHaveURL(/\/admin\/change-password$/);
    await expect(page.getByRole('heading', { name: 'Đổi mật khẩu', level: 1 })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);

    // A second opening, closed by a click outside.
    await button.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(700, 600);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(requested).toHaveLength(1);
  });
});
