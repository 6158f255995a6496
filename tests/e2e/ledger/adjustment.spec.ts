// Manual balance adjustment (docs/decisions.md#money-only-through-the-ledger) on a provider's page:
// a missing reason is refused on the form and nothing is written; an adjustment with a reason shows
// the old → new balance before anything is written, moves the balance exactly once, and appears in
// the provider's history and in the deposit history with its reason. An amount off the 1.000 ₫ step
// is refused on the form before any request. A direct write of the balance is refused by the
// database even for the service role.
import { expect, test } from '@playwright/test';
import { signedInAdminEachTest } from '../helpers.ts';
import { createProvider, profile, serviceRest, uniqueSuffix } from '../admin-finance/finance-helpers.ts';

interface LedgerRow {
  kind: string;
  amount: number;
  old_balance: number | null;
  new_balance: number | null;
  note: string | null;
}

async function ledgerRows(providerId: string): Promise<LedgerRow[]> {
  return serviceRest<LedgerRow[]>(`deposit_history?provider_id=eq.${providerId}&select=kind,amount,old_balance,new_balance,note`);
}

test.describe('balance adjustment', () => {
  test.describe.configure({ timeout: 90_000 });
  signedInAdminEachTest();

  test('a reason is required; an adjustment with a reason changes the balance exactly once and shows in the history', async ({ page }) => {
    const name = `Thợ E2E Điều Chỉnh ${uniqueSuffix()}`;
    const providerId = await createProvider(name);
    const reason = `Hoàn tiền ký quỹ bị trừ nhầm ${uniqueSuffix()}`;
    await page.goto(`/admin/providers/${providerId}`);
    const card = page.getByRole('region', { name: 'Số dư ký quỹ' });
    await expect(card.getByTestId('provider-balance-current')).toHaveText(/^0\s*₫$/);
    await expect(card.getByText('Chưa có giao dịch ký quỹ nào')).toBeVisible();

    // No reason: the form says so and nothing is written.
    await card.getByRole('button', { name: 'Điều chỉnh số dư' }).click();
    const dialog = page.getByRole('dialog', { name: 'Điều chỉnh số dư' });
    await dialog.getByRole('textbox', { name: /Số tiền điều chỉnh/ }).fill('250.000');
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect(dialog.getByText('Vui lòng nhập lý do điều chỉnh')).toBeVisible();
    // A debit below 0 is refused on the form too.
    await dialog.getByRole('textbox', { name: /Số tiền điều chỉnh/ }).fill('-1000');
    await dialog.getByRole('textbox', { name: /Lý do điều chỉnh/ }).fill(reason);
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect(dialog.getByText(/Số dư sau điều chỉnh không được âm/)).toBeVisible();
    expect(await ledgerRows(providerId)).toEqual([]);

    // With a reason: the confirmation states the effect, then the balance moves once.
    await dialog.getByRole('textbox', { name: /Số tiền điều chỉnh/ }).fill('250.000');
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Xác nhận điều chỉnh số dư' });
    await expect(confirm.getByText(new RegExp(`Số dư của ${name}: 0\\s*₫ → 250\\.000\\s*₫`))).toBeVisible();
    await expect(confirm.getByText(`Lý do: ${reason}`)).toBeVisible();
    expect(await ledgerRows(providerId)).toEqual([]);
    await confirm.getByRole('button', { name: 'Xác nhận điều chỉnh' }).click();
    await expect(page.getByText(/Đã điều chỉnh số dư\. Số dư mới: 250\.000\s*₫/)).toBeVisible();
    await expect(confirm).toBeHidden();

    await expect(card.getByTestId('provider-balance-current')).toHaveText(/^250\.000\s*₫$/);
    const row = card.getByTestId('ledger-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Điều chỉnh');
    await expect(row).toContainText(/\+250\.000\s*₫/);
    await expect(row).toContainText(/0\s*₫ → 250\.000\s*₫/);
    await expect(row).toContainText(reason);
    expect(await profile(providerId)).toMatchObject({ deposit: 250000 });
    expect(await ledgerRows(providerId)).toEqual([{ kind: 'adjustment', amount: 250000, old_balance: 0, new_balance: 250000, note: reason }]);

    // A reload shows the same single row; the deposit history lists it with its reason.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Số dư ký quỹ' }).getByTestId('ledger-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Xem toàn bộ trong lịch sử ký quỹ' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/manage-deposit-history\\?provider=${providerId}`));
    const historyRow = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(historyRow).toHaveCount(1);
    await expect(historyRow.getByTestId('deposit-note')).toContainText(`Điều chỉnh: ${reason}`);
    await expect(historyRow).toContainText('250.000');
    // A ledger entry is never edited: its amount and status are shown, not offered as editors.
    await expect(historyRow.getByRole('button')).toHaveCount(0);
    await expect(historyRow.getByRole('combobox')).toHaveCount(0);
  });

  test('an amount off the 1.000 ₫ step is refused on the form: nothing is sent, the balance stays', async ({ page }) => {
    const providerId = await createProvider(`Thợ E2E Bước Tiền ${uniqueSuffix()}`);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/admin_adjust_balance')) sent.push(request.url());
    });
    await page.goto(`/admin/providers/${providerId}`);
    const card = page.getByRole('region', { name: 'Số dư ký quỹ' });
    await expect(card.getByTestId('provider-balance-current')).toHaveText(/^0\s*₫$/);

    await card.getByRole('button', { name: 'Điều chỉnh số dư' }).click();
    const dialog = page.getByRole('dialog', { name: 'Điều chỉnh số dư' });
    const amount = dialog.getByRole('textbox', { name: /Số tiền điều chỉnh/ });
    await amount.fill('1.500');
    await dialog.getByRole('textbox', { name: /Lý do điều chỉnh/ }).fill(`Thử bước tiền ${uniqueSuffix()}`);
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    // The deposit forms' step message, naming this field and what was typed.
    await expect(dialog.getByText(/^Số tiền điều chỉnh phải là bội số của 1\.000\s₫ \(ví dụ 1\.500\.000\s₫\); 1\.500\s₫ không hợp lệ$/)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alertdialog', { name: 'Xác nhận điều chỉnh số dư' })).toHaveCount(0);
    // A debit off the step too.
    await amount.fill('-2.500');
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    await expect(dialog.getByText(/^Số tiền điều chỉnh phải là bội số của 1\.000\s₫ \(ví dụ 1\.500\.000\s₫\); -2\.500\s₫ không hợp lệ$/)).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: 'Xác nhận điều chỉnh số dư' })).toHaveCount(0);

    expect(sent).toEqual([]);
    expect(await profile(providerId)).toMatchObject({ deposit: 0 });
    expect(await ledgerRows(providerId)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await expect(card.getByTestId('provider-balance-current')).toHaveText(/^0\s*₫$/);
  });

  test('the database refuses direct writes to the balance, even from the service role', async () => {
    const providerId = await createProvider(`Thợ E2E Ghi Thẳng ${uniqueSuffix()}`);
    await expect(serviceRest(`profiles?id=eq.${providerId}`, { method: 'PATCH', body: { deposit: 9_000_000 } })).rejects.toThrow(/403.*money_only_through_ledger|42501/);
    expect(await profile(providerId)).toMatchObject({ deposit: 0 });
  });
});
