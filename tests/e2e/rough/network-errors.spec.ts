// When the API cannot be reached, every screen shows its error and "Thử lại" within 5 s (it used to
// spin ~26 s on some: postgrest-js retried each read three times inside each of React Query's
// attempts), and "Thử lại" loads the screen once the network is back.
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../helpers.ts';
import { apiUrl, closeDb, sql } from '../admin-ops/ops-helpers.ts';

const SCREENS = [
  '/admin/bookings',
  '/admin/providers',
  '/admin/customers',
  '/admin/manage-commissions',
  '/admin/manage-deposit-history',
  '/admin/manage-conversations',
  '/admin/manage-reviews',
  '/admin/manage-discount-codes',
  '/admin/manage-service-items',
  '/admin/manage-subcategories',
  '/admin/manage-services',
];

/** Fails every REST request as a lost connection does (auth and the app's files still load). */
async function cutRest(page: Page): Promise<void> {
  await page.route(`${apiUrl()}/rest/v1/**`, (route) => route.abort('internetdisconnected'));
}

/** Client-side navigation (a full load would need the network for the session). */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.afterAll(closeDb);

test('every screen shows its error and "Thử lại" within 5 s of a network failure', async ({ page }) => {
  test.setTimeout(120_000);
  const [conversation] = await sql<{ booking_id: string }>('select booking_id from public.conversations order by created_at limit 1');
  const [booking] = await sql<{ id: string }>('select id from public.bookings order by created_at limit 1');
  await signInAsAdmin(page);
  await cutRest(page);
  for (const path of [...SCREENS, `/admin/bookings/${booking!.id}`, `/admin/messages/${conversation!.booking_id}`]) {
    await goInApp(page, path);
    const started = Date.now();
    await expect(page.getByRole('button', { name: 'Thử lại' }).first(), path).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started, path).toBeLessThan(5_000);
  }
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Thử lại' }).first().click();
  await expect(page.getByRole('button', { name: 'Thử lại' })).toHaveCount(0, { timeout: 5_000 });
});
