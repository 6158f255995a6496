// Promotion and catalogue value rules (issue 29, docs/product.md#promotion-codes, docs/product.md#input-rules):
// an expiry in the past and max uses below the uses made are refused, in the form and in the
// database (a crafted request with an admin's own token); each message says what is wrong with the
// value typed: 12,55 % (one decimal at most), 15.500 ₫ (steps of 1.000 ₫), a blank code, a service
// commission of 12,55.
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signedInAdminEachTest } from '../helpers.ts';
import { accessToken, serviceRest, uniqueSuffix, userRest } from './finance-helpers.ts';

interface CodeRow {
  id: string;
  code: string;
  discount_value: number;
  max_uses: number;
  uses_count: number;
  expires_at: string;
  updated_at: string;
}

const COLUMNS = 'id,code,discount_value,max_uses,uses_count,expires_at,updated_at';

async function newCode(code: string, body: Record<string, unknown> = {}): Promise<CodeRow> {
  const expires = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString();
  const [row] = await serviceRest<CodeRow[]>(`discount_codes?select=${COLUMNS}`, {
    method: 'POST',
    body: { code, discount_type: 'percentage', discount_value: 10, max_uses: 100, uses_count: 30, expires_at: expires, ...body },
  });
  if (!row) throw new Error('code not created');
  return row;
}

async function codeRow(id: string): Promise<CodeRow> {
  const [row] = await serviceRest<CodeRow[]>(`discount_codes?id=eq.${id}&select=${COLUMNS}`);
  if (!row) throw new Error(`no code ${id}`);
  return row;
}

test.describe('promotion and commission rules', () => {
  test.describe.configure({ timeout: 90_000 });
  signedInAdminEachTest();

  test('the add form refuses a past expiry and a value off its step, naming the value; nothing is created', async ({ page }) => {
    const code = `E2EQUA${uniqueSuffix()}`;
    await page.goto('/admin/manage-discount-codes');
    await page.getByRole('textbox', { name: 'Mã khuyến mãi', exact: true }).fill(code);
    await page.getByRole('textbox', { name: 'Giá trị', exact: true }).fill('12,55');
    await page.getByRole('textbox', { name: 'Số lượt sử dụng tối đa' }).fill('10');
    await page.getByPlaceholder('dd/mm/yyyy hh:mm', { exact: true }).fill('01/01/2020 10:00');
    await page.getByRole('button', { name: 'Thêm mã' }).click();
    await expect(page.getByText('Phần trăm giảm chỉ có tối đa một chữ số thập phân (bước 0,1, ví dụ 12,5); 12,55 không hợp lệ')).toBeVisible();
    await expect(page.getByText('Ngày hết hạn 10:00 01/01/2020 đã qua: hãy chọn một thời điểm trong tương lai')).toBeVisible();

    await page.getByRole('combobox', { name: 'Loại giảm giá', exact: true }).first().selectOption('fixed_amount');
    await page.getByRole('textbox', { name: 'Giá trị', exact: true }).fill('15.500');
    await page.getByRole('button', { name: 'Thêm mã' }).click();
    await expect(page.getByText(/^Số tiền giảm phải là bội số của 1\.000 ₫ \(ví dụ 50\.000\); 15\.500\s₫ không hợp lệ$/)).toBeVisible();
    expect(await serviceRest<CodeRow[]>(`discount_codes?code=eq.${code}&select=id`)).toEqual([]);
  });

  test('inline: max uses below the uses made, a blank code, 12,55 % each say what is wrong; nothing is saved', async ({ page }) => {
    const created = await newCode(`E2EDUNG${uniqueSuffix()}`);
    await page.goto(`/admin/manage-discount-codes?q=${created.code}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Xem chi tiết mã ${created.code}` }) });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: new RegExp(`Lượt tối đa ${created.code}`) }).click();
    const maxInput = row.getByRole('textbox', { name: `Lượt tối đa ${created.code}` });
    await maxInput.fill('10');
    await maxInput.press('Enter');
    await expect(row.getByRole('alert')).toHaveText('Số lượt tối đa 10 nhỏ hơn số lượt đã dùng (30): nhập từ 30 trở lên');
    await maxInput.press('Escape');

    await row.getByRole('button', { name: new RegExp(`Mã ${created.code}`) }).click();
    const codeInput = row.getByRole('textbox', { name: `Mã ${created.code}` });
    await codeInput.fill('');
    await codeInput.press('Enter');
    await expect(row.getByRole('alert')).toHaveText('Mã khuyến mãi không được để trống');
    await codeInput.press('Escape');

    await row.getByRole('button', { name: new RegExp(`Giá trị ${created.code}`) }).click();
    const valueInput = row.getByRole('textbox', { name: `Giá trị ${created.code}` });
    await valueInput.fill('12,55');
    await valueInput.press('Enter');
    await expect(row.getByRole('alert')).toHaveText('Phần trăm giảm chỉ có tối đa một chữ số thập phân (bước 0,1, ví dụ 12,5); 12,55 không hợp lệ');
    await valueInput.press('Escape');

    expect(await codeRow(created.id)).toEqual(created);
  });

  test('the database refuses the same values from a crafted request with an admin token', async () => {
    const created = await newCode(`E2EAPI${uniqueSuffix()}`);
    const token = await accessToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const patch = (body: Record<string, unknown>) => userRest(token, `discount_codes?id=eq.${created.id}`, { method: 'PATCH', body });
    await expect(patch({ expires_at: '2020-01-01T03:00:00Z' })).rejects.toThrow(/Ngày hết hạn 01\/01\/2020 10:00 đã qua/);
    await expect(patch({ max_uses: 10 })).rejects.toThrow(/discount_codes_max_uses_not_below_uses/);
    await expect(patch({ discount_value: 12.55 })).rejects.toThrow(/discount_codes_discount_value_step/);
    expect(await codeRow(created.id)).toEqual(created);
    // A value on its step and a later expiry are accepted.
    await patch({ discount_value: 12.5, max_uses: 30 });
    expect(await codeRow(created.id)).toMatchObject({ discount_value: 12.5, max_uses: 30 });
  });

  test('a service commission of 12,55 says it has one decimal at most', async ({ page }) => {
    const [service] = await serviceRest<{ id: string; name: string; commission_rate: number | null }[]>(
      'subcategories?select=id,name,commission_rate&active=is.true&commission_rate=not.is.null&order=sort_order&limit=1',
    );
    if (!service) throw new Error('no service');
    await page.goto(`/admin/manage-subcategories?q=${encodeURIComponent(service.name)}`);
    const label = `Hoa hồng nền tảng (%) ${service.name}`;
    await page.getByRole('button', { name: new RegExp(label.replace(/[()]/g, '\\$&')) }).first().click();
    const input = page.getByRole('textbox', { name: label });
    await input.fill('12,55');
    await input.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Tỷ lệ hoa hồng' })).toHaveText('Tỷ lệ hoa hồng chỉ có tối đa một chữ số thập phân (bước 0,1, ví dụ 12,5); 12,55 không hợp lệ');
    await input.press('Escape');
    const [after] = await serviceRest<{ commission_rate: number | null }[]>(`subcategories?id=eq.${service.id}&select=commission_rate`);
    expect(after?.commission_rate).toBe(service.commission_rate);
  });
});
