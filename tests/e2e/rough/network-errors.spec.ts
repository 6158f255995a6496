// When the API cannot be reached, every screen shows its error and "Thử lại" within 5 s (it used to
// spin ~26 s on some: postgrest-js retried each read three times inside each of React Query's
// attempts), and "Thử lại" loads the screen once the network is back.
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../helpers.ts';
import { apiUrl, closeDb, sql } from '../admin-ops/ops-helpers.ts';


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
  // Every screen of the menu but the dashboard (whose figures the sign-in already loaded), a booking and a conversation.
  const menu = await page
    .getByRole('navigation', { name: 'Điều hướng quản trị' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const screens = menu.filter((href) => href !== '/admin');
  expect(screens.length).toBeGreaterThanOrEqual(12);
  await cutRest(page);
  for (const path of [...screens, `/admin/bookings/${booking!.id}`, `/admin/messages/${conversation!.booking_id}`]) {
    const previous = await page.getByRole('heading', { level: 1 }).first().innerText();
    await goInApp(page, path);
    // Timed from the screen's first render (its code comes from the web server, which still answers).
    await expect(page.getByRole('heading', { level: 1, name: previous, exact: true }), path).toHaveCount(0);
    const started = Date.now();
    await expect(page.getByRole('button', { name: 'Thử lại' }).first(), path).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - started, path).toBeLessThan(5_000);
  }
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByRole('button', { name: 'Thử lại' }).first().click();
  await expect(page.getByRole('button', { name: 'Thử lại' })).toHaveCount(0, { timeout: 5_000 });
});
