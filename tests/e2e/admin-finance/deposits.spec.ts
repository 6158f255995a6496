// Deposit history (/admin/manage-deposit-history): a deposit moved pending → completed → canceled
// with the provider's balance and status checked after each step (on screen and in the database),
// inline amount rules (invalid value message, empty cancels, edit survives a reload), stat cards,
// filters, CSV export (exact, over a provider of the test's own), a concurrent change by another
// admin, accessibility.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { createProvider, profile, serviceRest, uniqueSuffix } from './finance-helpers.ts';

interface DepositRow {
  id: string;
  amount: number;
  status: string;
  updated_at: string;
}

async function newDeposit(name: string, amount: number): Promise<{ providerId: string; deposit: DepositRow }> {
  const providerId = await createProvider(name);
  // An approved provider paused for its balance: a deposit activates only `inactive`, never
  // `pending_approval` (docs/product.md#deposits-and-balances).
  await serviceRest(`profiles?id=eq.${providerId}`, { method: 'PATCH', body: { status: 'inactive' } });
  const rows = await serviceRest<DepositRow[]>('deposit_history', {
    method: 'POST',
    body: { provider_id: providerId, amount, status: 'pending', note: 'E2E' },
  });
  const deposit = rows[0];
  if (!deposit) throw new Error('deposit not created');
  return { providerId, deposit };
}

/** "1.234.000 ₫" with a plain space, as cardTexts reads it. */
function vnd(amount: number): string {
  return `${amount.toLocaleString('vi-VN')} ₫`;
}

/** The stat cards' texts (label, figure, hint), white space made single plain spaces. */
async function cardTexts(page: Page): Promise<string[]> {
  const cards = page.locator('section').filter({ has: page.getByRole('heading', { level: 2 }) }).filter({ hasNot: page.locator('table') });
  return (await cards.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => /^(Tổng số|Đang chờ|Đã hoàn thành|Đã hủy)/.test(text));
}

async function openDeposit(page: Page, depositId: string) {
  await page.goto(`/admin/manage-deposit-history?q=${depositId}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /Thợ E2E/ }) });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('deposit history', () => {
  test.describe.configure({ timeout: 90_000 });
  signedInAdminEachTest();

  test("status pending → completed → canceled updates the provider's balance and status", async ({ page }) => {
    const { providerId, deposit } = await newDeposit(`Thợ E2E Ký Quỹ ${uniqueSuffix()}`, 500000);
    const row = await openDeposit(page, deposit.id);
    await expect(row.getByTestId('provider-balance')).toHaveText(/^0\s*₫$/);

    // pending → completed: balance + 500.000 đ, provider active (balance ≥ minimum 200.000 đ).
    await row.getByRole('button', { name: /Trạng thái của giao dịch/ }).click();
    await row.getByRole('combobox', { name: /Trạng thái của giao dịch/ }).selectOption('completed');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
    await expect(page.getByText(/Đã đổi trạng thái\. Số dư mới của nhà cung cấp: 500\.000\s*₫ \(Hoạt động\)/)).toBeVisible();
    await expect(row.getByTestId('provider-balance')).toHaveText(/^500\.000\s*₫$/);
    await expect(row.getByText('Hoạt động', { exact: true })).toBeVisible();
    await expect(row.getByText('Hoàn thành', { exact: true })).toBeVisible();
    expect(await profile(providerId)).toMatchObject({ deposit: 500000, status: 'active' });

    // completed → canceled: balance − 500.000 đ (floor 0), below the minimum → inactive.
    await row.getByRole('button', { name: /Trạng thái của giao dịch/ }).click();
    await row.getByRole('combobox', { name: /Trạng thái của giao dịch/ }).selectOption('canceled');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
    await expect(page.getByText(/Số dư mới của nhà cung cấp: 0\s*₫ \(Không hoạt động\)/)).toBeVisible();
    await expect(row.getByTestId('provider-balance')).toHaveText(/^0\s*₫$/);
    await expect(row.getByText('Không hoạt động', { exact: true })).toBeVisible();
    await expect(row.getByText('Đã hủy', { exact: true })).toBeVisible();
    expect(await profile(providerId)).toMatchObject({ deposit: 0, status: 'inactive' });

    // The row records the balances of the last change and survives a reload.
    await page.reload();
    const reloaded = page.getByRole('row').filter({ has: page.getByRole('link', { name: /Thợ E2E Ký Quỹ/ }) });
    await expect(reloaded.getByText('Đã hủy', { exact: true })).toBeVisible();
    await expect(reloaded.getByRole('button', { name: /Số dư cũ của giao dịch/ })).toContainText('500.000');
  });

  test('editing the amount: an invalid value is reported, an empty one cancels, the new value survives a reload', async ({ page }) => {
    const { deposit } = await newDeposit(`Thợ E2E Số Tiền ${uniqueSuffix()}`, 300000);
    const row = await openDeposit(page, deposit.id);
    const amountButton = row.getByRole('button', { name: /Số tiền của giao dịch/ });
    const amountInput = row.getByRole('textbox', { name: /Số tiền của giao dịch/ });

    await amountButton.click();
    await amountInput.fill('-5');
    await amountInput.press('Enter');
    await expect(row.getByRole('alert')).toHaveText('Số tiền phải là số hợp lệ và không âm');
    await amountInput.press('Escape');

    await amountButton.click();
    await amountInput.fill('');
    await amountInput.press('Enter');
    await expect(amountInput).toHaveCount(0);
    await expect(amountButton).toContainText('300.000');

    await amountButton.click();
    await amountInput.fill('1.250.000');
    await amountInput.press('Enter');
    // Every amount edit is confirmed first (money-confirm.spec.ts covers the dialog).
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận sửa' }).click();
    await expect(page.getByText('Đã cập nhật giao dịch ký quỹ')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('row').filter({ has: page.getByRole('link', { name: /Thợ E2E Số Tiền/ }) }).getByRole('button', { name: /Số tiền của giao dịch/ }),
    ).toContainText('1.250.000');
  });

  test('two admins change it at once: the later one is told and the balance stays right', async ({ page }) => {
    const { providerId, deposit } = await newDeposit(`Thợ E2E Đồng Thời ${uniqueSuffix()}`, 400000);
    const row = await openDeposit(page, deposit.id);
    // Another admin completes the deposit after this screen loaded it.
    await serviceRest(`deposit_history?id=eq.${deposit.id}`, { method: 'PATCH', body: { status: 'completed' } });
    expect(await profile(providerId)).toMatchObject({ deposit: 400000 });

    await row.getByRole('button', { name: /Trạng thái của giao dịch/ }).click();
    await row.getByRole('combobox', { name: /Trạng thái của giao dịch/ }).selectOption('completed');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
    await expect(page.getByText(/vừa được người khác thay đổi/)).toBeVisible();
    // Nothing was applied twice, and the screen now shows the other admin's result.
    expect(await profile(providerId)).toMatchObject({ deposit: 400000, status: 'active' });
    await expect(row.getByTestId('provider-balance')).toHaveText(/^400\.000\s*₫$/);
  });

  test('stat cards, status filter, CSV export and accessibility', async ({ page }) => {
    // Filtered to a provider of this test's own (the search box finds it by name): other specs add
    // deposits meanwhile, none of them its, so every card, total and CSV line is exact.
    const name = `Thợ E2E Lịch Sử ${uniqueSuffix()}`;
    const providerId = await createProvider(name);
    const amounts = { pending: [110000, 120000, 130000], completed: [210000, 220000, 230000, 240000], canceled: [310000, 320000, 330000, 340000, 350000] };
    // Each deposit is created pending, then moved to its status (as an admin would).
    for (const [status, list] of Object.entries(amounts)) {
      for (const amount of list) {
        const [row] = await serviceRest<DepositRow[]>('deposit_history', { method: 'POST', body: { provider_id: providerId, amount, status: 'pending', note: 'E2E' } });
        if (status !== 'pending') await serviceRest(`deposit_history?id=eq.${row!.id}`, { method: 'PATCH', body: { status } });
      }
    }
    const total = (list: number[]) => list.reduce((sum, amount) => sum + amount, 0);
    const all = [...amounts.pending, ...amounts.completed, ...amounts.canceled];

    await page.goto('/admin/manage-deposit-history');
    await expect(page.getByRole('heading', { name: 'Lịch sử ký quỹ' })).toBeVisible();
    await expect(page.getByText(/^Hiển thị 1–\d+ trên \d+/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/admin/manage-deposit-history?q=${encodeURIComponent(name)}`);
    await expect(page.getByText(/^Hiển thị [\d.]+–[\d.]+ trên /)).toHaveText(`Hiển thị 1–${all.length} trên ${all.length}`);
    await expect.poll(() => cardTexts(page)).toEqual([
      `Tổng số tiền ${vnd(total(all))} ${all.length} giao dịch`,
      `Đang chờ ${vnd(total(amounts.pending))} ${amounts.pending.length} giao dịch`,
      `Đã hoàn thành ${vnd(total(amounts.completed))} ${amounts.completed.length} giao dịch`,
      `Đã hủy ${vnd(total(amounts.canceled))} ${amounts.canceled.length} giao dịch`,
      `Tổng số giao dịch ${all.length}`,
    ]);

    await page.getByLabel('Trạng thái', { exact: true }).selectOption('canceled');
    await expect(page).toHaveURL(/status=canceled/);
    await expect(page.getByText(/^Hiển thị [\d.]+–[\d.]+ trên /)).toHaveText(`Hiển thị 1–${amounts.canceled.length} trên ${amounts.canceled.length}`);
    const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
    // Each button's text starts with what it shows (its accessible name follows, for screen readers).
    await expect(rows.getByRole('button', { name: /Trạng thái của giao dịch/ })).toHaveText(amounts.canceled.map(() => /^Đã hủy/));
    await expect
      .poll(async () => (await rows.getByRole('button', { name: /Số tiền của giao dịch/ }).allInnerTexts()).map((text) => Number(/^[\d.]+/.exec(text)?.[0].replace(/\./g, ''))).sort())
      .toEqual(amounts.canceled);
    await expect(page.locator('section').filter({ has: page.getByRole('heading', { name: 'Tổng số giao dịch', exact: true }) }).locator('p').first())
      .toHaveText(String(amounts.canceled.length));

    // Clearing the filters goes back to every deposit; then filter again for the export.
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await page.goto(`/admin/manage-deposit-history?q=${encodeURIComponent(name)}&status=canceled`);
    await expect(page.getByText(/^Hiển thị [\d.]+–[\d.]+ trên /)).toHaveText(`Hiển thị 1–${amounts.canceled.length} trên ${amounts.canceled.length}`);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^lich-su-ky-quy-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Nhà cung cấp');
    expect(lines).toHaveLength(1 + amounts.canceled.length);
    for (const line of lines.slice(1)) {
      expect(line).toContain('Đã hủy');
      expect(line).toContain(name);
    }
  });

  test('a page number past the end goes to the last page', async ({ page }) => {
    await page.goto('/admin/manage-deposit-history?status=canceled&page=500');
    await expect(page).not.toHaveURL(/page=500/);
    await expect(page.getByText(/^Hiển thị \d+–\d+ trên \d+/)).toBeVisible();
    await expect(page.getByRole('row').filter({ has: page.getByRole('link') }).first()).toBeVisible();
  });
});
