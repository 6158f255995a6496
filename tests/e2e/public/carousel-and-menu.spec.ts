import { expect, test, type Page } from '@playwright/test';

function activeSlide(page: Page) {
  return page.locator('[aria-roledescription="slide"][data-active="true"]');
}

// The carousel's timer runs on Playwright's fake clock: it flows while the page loads, then the
// test pauses it and lets its seconds pass only when it says so.
// On a busy machine more than the 250 ms margin may pass between reading the page's time and
// pausing; the pause is then refused (the time is past) and taken again from the new time.
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

test('carousel advances every 5 s, has previous/next controls and pauses on hover', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Ưu đãi và dịch vụ nổi bật' });
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(5);
  await pauseClock(page);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 / 5');
  // Within 5 seconds, automatically.
  await page.clock.runFor(5_000);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 / 5');

  await carousel.getByRole('button', { name: 'Ảnh tiếp theo' }).click();
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '3 / 5');
  await carousel.getByRole('button', { name: 'Ảnh trước' }).click();
  await carousel.getByRole('button', { name: 'Ảnh trước' }).click();
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 / 5');
  await carousel.getByRole('button', { name: 'Ảnh trước' }).click();
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '5 / 5');
  await carousel.getByRole('button', { name: 'Chuyển đến ảnh 4' }).click();
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '4 / 5');

  // Focus inside (after the clicks above) pauses it; moving focus and pointer away resumes it.
  await expect(carousel).toHaveAttribute('data-paused', 'true');
  await page.getByRole('heading', { name: 'Về Sàn Dịch Vụ' }).click();
  await expect(carousel).toHaveAttribute('data-paused', 'false');
  // Hovering pauses it.
  await carousel.hover();
  await expect(carousel).toHaveAttribute('data-paused', 'true');
  await page.clock.runFor(15_000);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '4 / 5');
});

test("the page loads only the first slide's image; the next one is fetched while a slide shows, a slide jumped to shows its own", async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/banners/slide-')) requested.push(new URL(request.url()).pathname);
  });
  await page.clock.install();
  await page.goto('/');
  await pauseClock(page);
  const images = page.locator('[aria-roledescription="slide"] img');
  await expect(images).toHaveCount(1);
  await expect(activeSlide(page).locator('img')).toHaveAttribute('src', /^\/banners\/slide-1\.svg\?v=/);
  expect(requested).toEqual(['/banners/slide-1.svg']);
  // Half a slide's time later, the second slide's image, before the carousel moves to it.
  await page.clock.runFor(2_500);
  await expect(images).toHaveCount(2);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 / 5');
  await page.clock.runFor(2_500);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '2 / 5');
  await expect(activeSlide(page).locator('img')).toHaveAttribute('src', /^\/banners\/slide-2\.svg\?v=/);
  await page.getByRole('button', { name: 'Chuyển đến ảnh 5' }).click();
  await expect(activeSlide(page).locator('img')).toHaveAttribute('src', /^\/banners\/slide-5\.svg\?v=/);
});

test('carousel does not auto-advance for users who prefer reduced motion, and can be paused', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-paused', 'true');
  await pauseClock(page);
  await page.clock.runFor(15_000);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', '1 / 5');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-paused', 'false');
  await page.getByRole('button', { name: 'Tạm dừng trình chiếu' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Về Sàn Dịch Vụ' }).click();
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-paused', 'true');
  await expect(page.getByRole('button', { name: 'Tiếp tục trình chiếu' })).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('mobile menu opens with a backdrop, closes on backdrop click and Escape, and navigates', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Mở menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const mobileMenu = page.locator('#mobile-menu');
    await expect(mobileMenu).toHaveCount(0);

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Đóng menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(mobileMenu.getByRole('link')).toHaveCount(7);
    await expect(page.getByTestId('mobile-menu-backdrop')).toBeVisible();
    await page.getByTestId('mobile-menu-backdrop').click({ position: { x: 20, y: 700 } });
    await expect(mobileMenu).toHaveCount(0);

    await page.getByRole('button', { name: 'Mở menu' }).click();
    await page.keyboard.press('Escape');
    await expect(mobileMenu).toHaveCount(0);

    await page.getByRole('button', { name: 'Mở menu' }).click();
    await mobileMenu.getByRole('link', { name: 'Dịch vụ y tế' }).click();
    await expect(page).toHaveURL(/\/dich-vu-y-te$/);
    await expect(mobileMenu).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Dịch vụ y tế tại nhà' })).toBeVisible();
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no public page overflows horizontally on a small phone', async ({ page }) => {
    for (const path of ['/', '/lao-dong-pho-thong', '/lao-dong-nong-nghiep', '/dich-vu-y-te', '/privacy', '/terms', '/contact', '/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
});
