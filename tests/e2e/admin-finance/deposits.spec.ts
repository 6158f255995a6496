// Deposit history (/admin/manage-deposit-history): a deposit moved pending → completed → canceled
// with the provider's balance and status checked after each step (on screen and in the database),
// inline amount rules (invalid value message, empty cancels, edit survives a reload), stat cards,
// filters, CSV export, a concurrent change by another admin, accessibility.
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

  test('stat cards, status filter, pagination, CSV export and accessibility', async ({ page }) => {
    await page.goto('/admin/manage-deposit-history');
    await expect(page.getByRole('heading', { name: 'Lịch sử ký quỹ' })).toBeVisible();
    for (const label of ['Tổng số tiền', 'Đang chờ', 'Đã hoàn thành', 'Đã hủy', 'Tổng số giao dịch']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^Hiển thị 1–\d+ trên \d+/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Trạng thái', { exact: true }).selectOption('canceled');
    await expect(page).toHaveURL(/status=canceled/);
    const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
    const statusCells = rows.getByRole('button', { name: /Trạng thái của giao dịch/ });
    // The previous page stays on screen (dimmed) until the filtered rows arrive.
    await expect
      .poll(async () => {
        const texts = await statusCells.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('Đã hủy'));
      })
      .toBe(true);
    const statuses = await statusCells.allInnerTexts();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    const countCard = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Tổng số giao dịch', exact: true }) });
    const count = Number((await countCard.locator('p').first().innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    if (count <= 50) expect(statuses.length).toBe(count);

    // Clearing the filters goes back to every deposit; then filter again for the export.
    await page.getByRole('button', { name: 'Xóa bộ lọc' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await page.getByLabel('Trạng thái', { exact: true }).selectOption('canceled');
    await expect(page).toHaveURL(/status=canceled/);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^lich-su-ky-quy-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Nhà cung cấp');
    expect(lines.length - 1).toBe(count);
    for (const line of lines.slice(1)) expect(line).toContain('Đã hủy');
  });

  test('a page number past the end goes to the last page', async ({ page }) => {
    await page.goto('/admin/manage-deposit-history?status=canceled&page=500');
    await expect(page).not.toHaveURL(/page=500/);
    await expect(page.getByText(/^Hiển thị \d+–\d+ trên \d+/)).toBeVisible();
    await expect(page.getByRole('row').filter({ has: page.getByRole('link') }).first()).toBeVisible();
  });
});
