// Money edits confirm with their effect (issue 29, docs/product.md#deposits-and-balances): editing the
// amount of a completed deposit states "Số tiền: old → new" and the provider's balance old → new;
// Cancel changes nothing (no request, the cell shows the old amount); Confirm moves the balance by
// the difference and the row says why. The 1,000 VND step is refused in the form and in the database;
// a deposit taken back from "Hoàn thành" says so under its row.
import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO_ACCOUNTS, signedInAdminEachTest } from '../helpers.ts';
import { accessToken, createProvider, profile, serviceRest, uniqueSuffix, userRest } from './finance-helpers.ts';

interface DepositRow {
  id: string;
  amount: number;
  status: string;
  old_balance: number | null;
  new_balance: number | null;
  updated_at: string;
}

/** A provider of the test's own with completed deposits of these amounts (in this order); returns the first deposit. */
async function providerWithDeposits(name: string, amounts: number[]): Promise<{ providerId: string; first: DepositRow }> {
  const providerId = await createProvider(name);
  let first: DepositRow | undefined;
  for (const amount of amounts) {
    const [row] = await serviceRest<DepositRow[]>('deposit_history', { method: 'POST', body: { provider_id: providerId, amount, status: 'pending', note: 'E2E' } });
    if (!row) throw new Error('deposit not created');
    await serviceRest(`deposit_history?id=eq.${row.id}`, { method: 'PATCH', body: { status: 'completed' } });
    first ??= row;
  }
  if (!first) throw new Error('no deposit');
  const [fresh] = await serviceRest<DepositRow[]>(`deposit_history?id=eq.${first.id}&select=id,amount,status,old_balance,new_balance,updated_at`);
  if (!fresh) throw new Error('deposit not found');
  return { providerId, first: fresh };
}

async function depositRow(id: string): Promise<DepositRow> {
  const [row] = await serviceRest<DepositRow[]>(`deposit_history?id=eq.${id}&select=id,amount,status,old_balance,new_balance,updated_at`);
  if (!row) throw new Error(`no deposit ${id}`);
  return row;
}

/** Plain spaces: formatted money uses a no-break space before ₫. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

function writesOf(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/rest/v1/deposit_history')) writes.push(request);
  });
  return writes;
}

test.describe('money edits confirm with their effect', () => {
  test.describe.configure({ timeout: 90_000 });
  signedInAdminEachTest();

  test('the amount of a completed deposit: Cancel changes nothing, Confirm moves the balance and the row says why', async ({ page }) => {
    const name = `Thợ E2E Xác Nhận ${uniqueSuffix()}`;
    const { providerId, first } = await providerWithDeposits(name, [1_500_000, 500_000]);
    expect((await profile(providerId)).deposit).toBe(2_000_000);
    const writes = writesOf(page);

    await page.goto(`/admin/manage-deposit-history?q=${first.id}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row).toHaveCount(1);
    const amountButton = row.getByRole('button', { name: /Số tiền của giao dịch/ });
    const amountInput = row.getByRole('textbox', { name: /Số tiền của giao dịch/ });

    // 1500 typed for 1.500.000: refused in place by the step rule, no dialog, nothing sent.
    await amountButton.click();
    await amountInput.fill('1500');
    await amountInput.press('Enter');
    await expect(row.getByRole('alert')).toHaveText(/^Số tiền phải là bội số của 1\.000 ₫ \(ví dụ 1\.500\.000 ₫\); 1\.500\s₫ không hợp lệ$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    // 500.000: the dialog states the change and its effect on the balance.
    await amountInput.fill('500.000');
    await amountInput.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Xác nhận sửa số tiền?' })).toBeVisible();
    const lines = dialog.getByTestId('amount-effect');
    await expect(lines).toHaveCount(2);
    expect((await lines.allTextContents()).map(plain)).toEqual([
      'Số tiền: 1.500.000 ₫ → 500.000 ₫',
      `Số dư của ${name}: 2.000.000 ₫ → 1.000.000 ₫`,
    ]);

    // Cancel: the cell shows the old amount, nothing was sent, the database is unchanged.
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(amountInput).toHaveCount(0);
    await expect(amountButton).toContainText(/^1\.500\.000\s₫/);
    expect(writes).toHaveLength(0);
    expect(await depositRow(first.id)).toEqual(first);
    expect((await profile(providerId)).deposit).toBe(2_000_000);

    // Again, confirmed: the balance moves by the difference and the row says why.
    await amountButton.click();
    await amountInput.fill('500.000');
    await amountInput.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xác nhận sửa' }).click();
    await expect(amountButton).toContainText(/^500\.000\s₫/);
    expect(writes).toHaveLength(1);
    await expect(row.getByTestId('provider-balance')).toHaveText(/^1\.000\.000\s₫$/);
    expect((await profile(providerId)).deposit).toBe(1_000_000);
    expect(await depositRow(first.id)).toMatchObject({ amount: 500_000, status: 'completed', old_balance: 2_000_000, new_balance: 1_000_000 });
    await expect(row.getByTestId('balance-reason')).toHaveText(
      /^Số tiền sửa từ 1\.500\.000\s₫ thành 500\.000\s₫ khi đã hoàn thành: số dư đổi theo phần chênh lệch\.$/,
    );
  });

  test('a recorded balance is a record: the dialog says no money moves; the database refuses 1 500 ₫ from a crafted request', async ({ page }) => {
    const name = `Thợ E2E Ghi Chép ${uniqueSuffix()}`;
    const { providerId, first } = await providerWithDeposits(name, [700_000]);
    await page.goto(`/admin/manage-deposit-history?q=${first.id}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await row.getByRole('button', { name: /Số dư cũ của giao dịch/ }).click();
    await row.getByRole('textbox', { name: /Số dư cũ của giao dịch/ }).fill('100.000');
    await row.getByRole('textbox', { name: /Số dư cũ của giao dịch/ }).press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByTestId('amount-effect')).toHaveCount(3);
    expect((await dialog.getByTestId('amount-effect').allTextContents()).map(plain)).toEqual([
      'Số dư cũ: 0 ₫ → 100.000 ₫',
      `Số dư của ${name} không đổi: 700.000 ₫`,
      'Chỉ sửa ghi chép của giao dịch, không làm đổi số dư.',
    ]);
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    expect(await depositRow(first.id)).toEqual(first);

    // An admin's own token, straight to the API: the step is the database's rule too.
    const token = await accessToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await expect(userRest(token, `deposit_history?id=eq.${first.id}`, { method: 'PATCH', body: { amount: 1500 } })).rejects.toThrow(/deposit_history_amount_step/);
    expect(await depositRow(first.id)).toEqual(first);
    expect((await profile(providerId)).deposit).toBe(700_000);
  });

  test('a deposit taken back from "Hoàn thành" says why the balance went down', async ({ page }) => {
    const name = `Thợ E2E Hoàn Lại ${uniqueSuffix()}`;
    const { providerId, first } = await providerWithDeposits(name, [1_500_000]);
    // Another deposit of 500.000 is completed, then the first goes back to pending: 2.000.000 → 500.000.
    const [second] = await serviceRest<DepositRow[]>('deposit_history', { method: 'POST', body: { provider_id: providerId, amount: 500_000, status: 'pending', note: 'E2E' } });
    await serviceRest(`deposit_history?id=eq.${second!.id}`, { method: 'PATCH', body: { status: 'completed' } });
    await serviceRest(`deposit_history?id=eq.${first.id}`, { method: 'PATCH', body: { status: 'pending' } });
    expect(await depositRow(first.id)).toMatchObject({ old_balance: 2_000_000, new_balance: 500_000 });

    await page.goto(`/admin/manage-deposit-history?q=${first.id}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row.getByRole('button', { name: /Số dư mới của giao dịch/ })).toContainText(/^500\.000\s₫/);
    await expect(row.getByTestId('balance-reason')).toHaveText(/^Nạp tiền 1\.500\.000\s₫ chuyển từ “Hoàn thành” về “Đang chờ”: trừ lại khỏi số dư\.$/);
  });
});
