import { expect, test, type Page } from '@playwright/test';
import { layoutShift, watchLayoutShift } from '../helpers.ts';
import { serveBuiltData } from './built-data.ts';

/** Answers the settings with maintenance on (the pages were built with it off). */
async function maintenanceOn(page: Page): Promise<void> {
  await page.route('**/rest/v1/settings?**', async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as Record<string, unknown>[];
    await route.fulfill({ response, json: rows.map((row) => ({ ...row, maintenance_mode: true })) });
  });
}

test('a maintenance notice is shown on the public site when the settings say so', async ({ page }) => {
  await maintenanceOn(page);
  await page.goto('/contact');
  await expect(page.getByRole('status').filter({ hasText: 'Hệ thống đang bảo trì' })).toBeVisible();
});

test('the notice turned on after the build appears without moving the page (CLS ≤ 0.05 at 375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await watchLayoutShift(page);
  for (const path of ['/', '/contact']) {
    // The built values but maintenance: what other tests change meanwhile (a banner) moves nothing here.
    await serveBuiltData(page, path, (row) => ({ ...row, maintenance_mode: true }));
    await page.goto(path);
    const notice = page.getByRole('status').filter({ hasText: 'Hệ thống đang bảo trì' });
    await expect(notice, path).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await layoutShift(page), path).toBeLessThanOrEqual(0.05);
  }
});

test('no maintenance notice with the seeded settings', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByTestId('contact-address')).toContainText('Nguyễn Văn Linh');
  await expect(page.getByText('Hệ thống đang bảo trì')).toHaveCount(0);
});
