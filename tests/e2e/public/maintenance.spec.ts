import { expect, test } from '@playwright/test';

test('a maintenance notice is shown on the public site when the settings say so', async ({ page }) => {
  await page.route('**/rest/v1/settings?**', async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as Record<string, unknown>[];
    await route.fulfill({ response, json: rows.map((row) => ({ ...row, maintenance_mode: true })) });
  });
  await page.goto('/contact');
  await expect(page.getByRole('status').filter({ hasText: 'Hệ thống đang bảo trì' })).toBeVisible();
});

test('no maintenance notice with the seeded settings', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByTestId('contact-address')).toContainText('Nguyễn Văn Linh');
  await expect(page.getByText('Hệ thống đang bảo trì')).toHaveCount(0);
});
