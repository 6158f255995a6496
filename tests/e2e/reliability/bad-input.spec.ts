// Bad values in inline editors: blank, whitespace-only, 10 kB, negative, non-numeric, HTML/script
// and SQL-looking values. Each shows the Vietnamese message (or cancels where the spec says an
// empty value cancels), leaves the database unchanged, and text is only ever shown as text: no
// dialog opens, no element is injected.
import { expect, test, type Page } from '@playwright/test';
import { TEXT_MAX } from '../../../src/lib/input/input-bounds.ts';
import { DEMO_ACCOUNTS, signInAsAdmin } from '../helpers.ts';
import { createProvider, serviceRest, uniqueSuffix } from '../admin-finance/finance-helpers.ts';
import { createAccount, sql } from '../admin-ops/ops-helpers.ts';

const HTML = '<img src=x onerror="window.__pwned=1;alert(1)"><script>window.__pwned=2</script>';
const SQL = "1; drop table public.deposit_history; --";
const TEN_KB = '9'.repeat(10 * 1024);
const NOT_A_NUMBER = 'Số tiền phải là số hợp lệ và không âm';
// Digits only but beyond the database's bound (docs/product.md#input-rules).
const OUT_OF_RANGE = 'Số tiền phải từ 0 ₫ đến 1.000.000.000 ₫';

function watchForExecution(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function notExecuted(page: Page, dialogs: string[]): Promise<void> {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null)).toBeNull();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

test.describe('bad values in inline edit fields', () => {
  test.describe.configure({ timeout: 120_000 });

  test('deposit amount: negative, letters, HTML, SQL, 10 kB → Vietnamese message, data unchanged; empty / blank → cancel', async ({ page }) => {
    const dialogs = watchForExecution(page);
    await signInAsAdmin(page);
    const providerId = await createProvider(`Thợ E2E Giá Trị Xấu ${uniqueSuffix()}`);
    const [deposit] = await serviceRest<{ id: string; amount: number; updated_at: string }[]>('deposit_history', {
      method: 'POST',
      body: { provider_id: providerId, amount: 200_000, status: 'pending', note: 'E2E giá trị xấu' },
    });
    if (!deposit) throw new Error('deposit not created');
    await page.goto(`/admin/manage-deposit-history?q=${deposit.id}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: /Thợ E2E Giá Trị Xấu/ }) });
    await expect(row).toHaveCount(1);
    const button = row.getByRole('button', { name: /Số tiền của giao dịch/ });
    const input = row.getByRole('textbox', { name: /Số tiền của giao dịch/ });

    for (const [value, message] of [
      ['-5', NOT_A_NUMBER], ['abc', NOT_A_NUMBER], ['12,5', NOT_A_NUMBER], [HTML, NOT_A_NUMBER], [SQL, NOT_A_NUMBER],
      [TEN_KB, OUT_OF_RANGE], ['1e9', NOT_A_NUMBER],
    ] as const) {
      await button.click();
      await input.fill(value);
      await input.press('Enter');
      await expect(row.getByRole('alert')).toHaveText(message);
      await input.press('Escape');
      await expect(input).toHaveCount(0);
    }
    for (const value of ['', '   ']) {
      await button.click();
      await input.fill(value);
      await input.press('Enter');
      await expect(input).toHaveCount(0);
      await expect(button).toContainText('200.000');
    }
    const [after] = await serviceRest<{ amount: number; updated_at: string }[]>(`deposit_history?id=eq.${deposit.id}&select=amount,updated_at`);
    expect(after).toEqual({ amount: 200_000, updated_at: deposit.updated_at });
    await notExecuted(page, dialogs);
  });

  test("customer's full name: empty / blank is reported; HTML, SQL, 10 kB are saved and shown as plain text", async ({ page }) => {
    const dialogs = watchForExecution(page);
    await signInAsAdmin(page);
    const name = `Khách E2E Giá Trị Xấu ${uniqueSuffix()}`;
    const email = `xau-${Date.now()}@e2e.sandichvu.vn`;
    const customerId = await createAccount({ email, password: 'Khach@e2e123456', name, role: 'customer' });
    await page.goto(`/admin/customers/${customerId}`);
    const info = page.getByRole('heading', { name: 'Thông tin cá nhân' }).locator('xpath=ancestor::section[1]');
    const edit = info.getByRole('button', { name: /Sửa Họ tên/ });
    const input = info.getByRole('textbox', { name: 'Họ tên' });
    const stored = async (): Promise<string> => (await sql<{ name: string }>('select name from public.profiles where id = $1', [customerId]))[0]!.name;

    for (const blank of ['', '   ', '\t \t']) {
      await edit.click();
      await input.fill(blank);
      await input.press('Enter');
      await expect(info.getByText('Tên không được để trống')).toBeVisible();
      await input.press('Escape');
      expect(await stored()).toBe(name);
    }

    // HTML and SQL-looking names are ordinary text: saved as typed, shown as typed, never run.
    for (const value of [HTML, `${name}'); delete from public.profiles; --`]) {
      await edit.click();
      await input.fill(value);
      await input.press('Enter');
      await expect(edit).toContainText(value.slice(0, 30));
      await expect.poll(stored).toBe(value);
      await notExecuted(page, dialogs);
    }
    await page.reload();
    await expect(info.getByRole('button', { name: /Sửa Họ tên/ })).toContainText(`${name}'); delete from`);
    // The profiles the typed statement names are all still there: this customer and the demo customer and provider.
    const demo = [DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.provider.email];
    const kept = await sql<{ email: string }>('select email from public.profiles where id = $1 or email = any($2::text[])', [customerId, demo]);
    expect(kept.map((row) => row.email).sort()).toEqual([...demo, email].sort());

    // 10 kB: the box takes at most the database's bound (docs/product.md#input-rules), so what reaches
    // the database is either refused with a clear Vietnamese message (database unchanged) or the
    // first TEXT_MAX['profiles.name'] characters the box accepted.
    const before = await stored();
    await info.getByRole('button', { name: /Sửa Họ tên/ }).click();
    await input.fill('Ă'.repeat(10 * 1024));
    await input.press('Enter');
    await expect
      .poll(async () => (await info.getByRole('alert').count()) > 0 || (await stored()) !== before, { timeout: 10_000 })
      .toBe(true);
    const afterLong = await stored();
    if (afterLong === before) await expect(info.getByRole('alert')).toHaveText(/[À-ỹ]/);
    else expect(afterLong).toBe('Ă'.repeat(TEXT_MAX['profiles.name']));
    await notExecuted(page, dialogs);
  });
});
