// A full load of an admin list (docs/architecture.md#routes-and-loaders): the screen's loader asks
// for the screen's data while the screen's code still downloads, into the cache the screen reads.
// Seen from the network: with the screen's own chunk held back, its list is still asked for; and no
// request is sent twice (a prefetch whose query key differed from the screen's
// would be sent again by the screen).
import { expect, test, type Request } from '@playwright/test';
import { signInAsAdmin } from '../helpers.ts';

const LISTS: { path: string; rpc: string; chunk: RegExp }[] = [
  { path: '/admin/bookings', rpc: 'admin_list_bookings', chunk: /bookings-list-page-[\w-]+\.js$/ },
  { path: '/admin/customers', rpc: 'admin_list_customers', chunk: /customers-list-page-[\w-]+\.js$/ },
  { path: '/admin/manage-commissions', rpc: 'admin_list_commissions', chunk: /commissions-page-[\w-]+\.js$/ },
  { path: '/admin/manage-deposit-history', rpc: 'admin_list_deposits', chunk: /deposits-page-[\w-]+\.js$/ },
  { path: '/admin/manage-reviews', rpc: 'admin_list_reviews', chunk: /reviews-page-[\w-]+\.js$/ },
  { path: '/admin/manage-conversations', rpc: 'admin_list_conversations', chunk: /conversations-page-[\w-]+\.js$/ },
  { path: '/admin/manage-discount-codes', rpc: 'admin_list_promotions', chunk: /promotions-page-[\w-]+\.js$/ },
];

/** Method, address and body: two requests with the same are the same request. */
const signature = (request: Request): string => `${request.method()} ${request.url()} ${request.postData() ?? ''}`;

test('a cold load of each list asks for its data once, without waiting for the screen\'s code', async ({ browser }) => {
  test.setTimeout(120_000);
  const signedIn = await browser.newPage();
  await signInAsAdmin(signedIn);
  const storageState = await signedIn.context().storageState();
  await signedIn.context().close();

  for (const list of LISTS) {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const sent: string[] = [];
    let listRequested = (): void => undefined;
    const requested = new Promise<true>((resolve) => {
      listRequested = () => resolve(true);
    });
    page.on('request', (request) => {
      if (!request.url().includes('/rest/v1/') && !request.url().includes('/auth/v1/')) return;
      sent.push(signature(request));
      if (request.url().endsWith(`/rest/v1/rpc/${list.rpc}`)) listRequested();
    });
    // The screen's own chunk is held back until its list has been asked for (10 s at most).
    let askedBeforeScreenCode = false;
    await page.route(list.chunk, async (route) => {
      askedBeforeScreenCode = await Promise.race([requested, new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      await route.continue();
    });
    await page.goto(list.path);
    await expect(page.locator('main table tbody tr > td:not([colspan])').first(), list.path).toBeVisible({ timeout: 20_000 });
    expect(askedBeforeScreenCode, `${list.path}: ${list.rpc} was asked for before the screen's code arrived`).toBe(true);
    const twice = sent.filter((item, index) => sent.indexOf(item) !== index);
    expect(twice, `${list.path}: requests sent twice`).toEqual([]);
    await context.close();
  }
});
