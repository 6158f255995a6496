// The browser loses the network mid-session: a save says "Lỗi kết nối mạng…", keeps what was
// typed and changes nothing; once the network is back the same save goes through. Queries made
// while offline are retried and succeed when the network returns, without a reload. A session
// survives a long idle: the access token is refreshed and the next screen still loads.
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from '../helpers.ts';
import { apiUrl, createProvider, serviceRest, uniqueSuffix } from '../admin-finance/finance-helpers.ts';

const NETWORK_MESSAGE = 'Lỗi kết nối mạng. Vui lòng kiểm tra internet';

interface DepositRow {
  id: string;
  amount: number;
  status: string;
}

/**
 * Cuts the browser off the API (every request to it fails as a lost connection does: "Failed to
 * fetch"), or restores it. Chromium's offline emulation does not reliably fail loopback requests.
 */
async function setApiReachable(page: Page, reachable: boolean): Promise<void> {
  const pattern = `${apiUrl()}/**`;
  if (reachable) await page.unrouteAll({ behavior: 'wait' });
  else await page.route(pattern, (route) => route.abort('internetdisconnected'));
}

async function newDeposit(amount: number): Promise<DepositRow> {
  const providerId = await createProvider(`Thợ E2E Mất Mạng ${uniqueSuffix()}`);
  const [row] = await serviceRest<DepositRow[]>('deposit_history', {
    method: 'POST',
    body: { provider_id: providerId, amount, status: 'pending', note: 'E2E mất mạng' },
  });
  if (!row) throw new Error('deposit not created');
  return row;
}

test.describe('network loss and long sessions', () => {
  test.describe.configure({ timeout: 90_000 });

  test('saving while offline: connection error shown, the typed value kept, data unchanged; saving works once back online', async ({ page }) => {
    await signInAsAdmin(page);
    const deposit = await newDeposit(300_000);
    await page.goto(`/admin/manage-deposit-history?q=${deposit.id}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /Thợ E2E Mất Mạng/ }) });
    await expect(row).toHaveCount(1);
    const amountButton = row.getByRole('button', { name: /Số tiền của giao dịch/ });
    const amountInput = row.getByRole('textbox', { name: /Số tiền của giao dịch/ });

    await amountButton.click();
    await amountInput.fill('450.000');
    await setApiReachable(page, false);
    await amountInput.press('Enter');
    await expect(page.getByText(NETWORK_MESSAGE).first()).toBeVisible();
    // Nothing is lost: the typed value is still in the editor, the database is unchanged.
    await expect(amountInput).toHaveValue('450.000');
    await setApiReachable(page, true);
    const [unchanged] = await serviceRest<DepositRow[]>(`deposit_history?id=eq.${deposit.id}&select=id,amount,status`);
    expect(unchanged).toMatchObject({ amount: 300_000, status: 'pending' });

    // Back online: the same edit saves, once confirmed (every amount edit is).
    // (Leaving the field also asks: the question may already be on screen, during which Enter waits.)
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận sửa' });
    await expect(async () => {
      if ((await confirm.count()) === 0 && (await amountInput.count()) > 0) await amountInput.press('Enter');
      await confirm.click({ timeout: 2_000 });
      await expect(amountInput).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(amountButton).toContainText('450.000');
    const [saved] = await serviceRest<DepositRow[]>(`deposit_history?id=eq.${deposit.id}&select=id,amount,status`);
    expect(saved).toMatchObject({ amount: 450_000 });
  });

  test('a query made while offline is retried and shows its data once back online, without a page reload', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('link', { name: 'Hoa hồng' })).toBeVisible();
    // Offline until the commissions list's first attempt (the route's loader) has failed: every API
    // call fails meanwhile, and the connection comes back inside the route handler, so the moment it
    // returns does not depend on how fast this test runs.
    const isList = (url: string) => url.includes('/rest/v1/rpc/admin_list_commissions');
    let failedListCalls = 0;
    await page.route(`${apiUrl()}/**`, (route) => {
      if (failedListCalls >= 1) return route.fallback();
      if (isList(route.request().url())) failedListCalls += 1;
      return route.abort('internetdisconnected');
    });
    await page.getByRole('link', { name: 'Hoa hồng' }).click();
    await expect(page).toHaveURL(/manage-commissions/);
    // The attempt made offline failed, and the screen's own query (React Query retries what failed)
    // brings the rows without the admin doing anything.
    await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible({ timeout: 10_000 });
    expect(failedListCalls).toBe(1);
    await expect(page.getByText(NETWORK_MESSAGE)).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });
  });

  test('a session outlives a long idle time: the token is refreshed, the next screen still loads', async ({ page }) => {
    await page.clock.install();
    const isRefresh = (url: string) => url.includes('/auth/v1/token?grant_type=refresh_token');
    const refusedRefreshes: number[] = [];
    page.on('response', (response) => {
      if (isRefresh(response.url()) && response.status() !== 200) refusedRefreshes.push(response.status());
    });
    await signInAsAdmin(page);
    await expect(page.getByRole('link', { name: 'Lịch sử ký quỹ' })).toBeVisible();
    // Two hours idle (the access token lives one hour): timers fire as time passes.
    const refreshed = page.waitForResponse((response) => isRefresh(response.url()), { timeout: 15_000 });
    await page.clock.runFor('02:00:00');
    expect((await refreshed).status()).toBe(200);
    expect(refusedRefreshes).toEqual([]);
    await page.getByRole('link', { name: 'Lịch sử ký quỹ' }).click();
    await expect(page).toHaveURL(/manage-deposit-history/);
    await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
    // Still signed in (no login form, the admin's e-mail in the header).
    await expect(page.getByRole('heading', { name: 'Đăng nhập quản trị' })).toHaveCount(0);
    await expect(page.getByTestId('admin-email')).toBeVisible();
  });
});
