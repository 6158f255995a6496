// Promotion codes (/admin/manage-discount-codes and /:id): every rule and message of the add form,
// a code typed in lower case stored upper case, remaining uses and expiry in the list, inline edits
// surviving a reload, the detail page (stat cards, per-field edit, read-only fields, applicable
// services with a toggle, select all / deselect all), not found, accessibility.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { serviceRest, uniqueSuffix } from './finance-helpers.ts';

interface CodeRow {
  id: string;
  code: string;
  discount_value: number;
  max_uses: number;
  status: string;
}


function addForm(page: Page) {
  return {
    code: page.getByRole('textbox', { name: 'Mã khuyến mãi', exact: true }),
    type: page.getByRole('combobox', { name: 'Loại giảm giá', exact: true }).first(),
    value: page.getByRole('textbox', { name: 'Giá trị', exact: true }),
    maxUses: page.getByRole('textbox', { name: 'Số lượt sử dụng tối đa' }),
    expiresAt: page.getByRole('textbox', { name: 'Ngày và giờ hết hạn' }),
    submit: page.getByRole('button', { name: 'Thêm mã' }),
  };
}

test.describe('promotion codes', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest({ path: '/admin/manage-discount-codes', heading: 'Quản lý mã khuyến mãi' });

  test('the add-code form reports each error', async ({ page }) => {
    const form = addForm(page);
    await form.submit.click();
    await expect(page.getByText('Mã khuyến mãi không được để trống')).toBeVisible();
    await expect(page.getByText('Giá trị giảm giá không hợp lệ')).toBeVisible();
    await expect(page.getByText('Số lượt sử dụng tối đa phải là số nguyên từ 0 đến 1.000.000')).toBeVisible();
    await expect(page.getByText('Ngày hết hạn không được để trống')).toBeVisible();

    await form.code.fill('X');
    await form.value.fill('150');
    await form.maxUses.fill('-1');
    await form.submit.click();
    await expect(page.getByText('Giá trị phần trăm không được vượt quá 100')).toBeVisible();
    await expect(page.getByText('Số lượt sử dụng tối đa phải là số nguyên từ 0 đến 1.000.000')).toBeVisible();

    // The hint follows the type: 0.1 for a percentage, 1000 for a fixed amount.
    await expect(page.getByText('Phần trăm giảm (bước 0,1)')).toBeVisible();
    await form.type.selectOption('fixed_amount');
    await expect(page.getByText('Số tiền giảm, VND (bước 1.000)')).toBeVisible();
  });

  test('a code typed in lower case is saved in upper case; inline edits survive a reload', async ({ page }) => {
    const suffix = uniqueSuffix();
    const typed = `e2e${suffix.toLowerCase()}`;
    const stored = typed.toUpperCase();
    const form = addForm(page);
    await form.code.fill(`  ${typed} `);
    await form.type.selectOption('fixed_amount');
    await form.value.fill('25000');
    await form.maxUses.fill('40');
    await form.expiresAt.fill('31/12/2030 23:30');
    await form.submit.click();
    await expect(page.getByText(`Đã thêm mã ${stored}`)).toBeVisible();

    const rows = await serviceRest<CodeRow[]>(`discount_codes?code=eq.${stored}&select=id,code,discount_value,max_uses,status`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: stored, max_uses: 40 });

    await page.getByLabel('Tìm mã').fill(typed);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Xem chi tiết mã ${stored}` }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('25.000');
    await expect(row).toContainText('31/12/2030');
    await expect(row.getByRole('cell').nth(7)).toHaveText('40'); // remaining = 40 − 0 (cells: STT, selection, code, …)

    // Inline edit of max uses with its rule, then a valid value that survives a reload.
    await row.getByRole('button', { name: new RegExp(`Lượt tối đa ${stored}`) }).click();
    const maxInput = row.getByRole('textbox', { name: `Lượt tối đa ${stored}` });
    await maxInput.fill('2.5');
    await maxInput.press('Enter');
    await expect(row.getByText('Số lượt sử dụng tối đa phải là số nguyên từ 0 đến 1.000.000')).toBeVisible();
    await maxInput.fill('75');
    await maxInput.press('Enter');
    await expect(page.getByText('Đã cập nhật').first()).toBeVisible();

    // The code edited inline in lower case is stored upper case too.
    await row.getByRole('button', { name: new RegExp(`Mã ${stored}`) }).click();
    await row.getByRole('textbox', { name: `Mã ${stored}` }).fill(`${typed}x`);
    await row.getByRole('textbox', { name: `Mã ${stored}` }).press('Enter');
    await page.getByLabel('Tìm mã').fill(`${typed}x`);
    await page.reload();
    const edited = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Xem chi tiết mã ${stored}X` }) });
    await expect(edited).toHaveCount(1);
    await expect(edited.getByRole('cell').nth(5)).toContainText('75');
    await expect(edited.getByRole('cell').nth(7)).toHaveText('75');
  });

  test('detail page: stat cards, editing each field, select all and deselect all', async ({ page }) => {
    const code = `E2EDETAIL${uniqueSuffix()}`;
    const expires = new Date(Date.now() + 9.5 * 24 * 60 * 60 * 1000).toISOString();
    const [created] = await serviceRest<CodeRow[]>('discount_codes', {
      method: 'POST',
      body: { code, discount_type: 'percentage', discount_value: 12.5, max_uses: 100, uses_count: 30, expires_at: expires },
    });
    if (!created) throw new Error('code not created');
    await page.goto(`/admin/manage-discount-codes/${created.id}`);
    await expect(page.getByRole('heading', { name: `Mã khuyến mãi ${code}` })).toBeVisible();

    const card = (label: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    await expect(card('Tổng lượt sử dụng')).toContainText('30');
    await expect(card('Lượt còn lại')).toContainText('70');
    await expect(card('Số ngày còn lại')).toContainText('10');
    await expect(card('Dịch vụ áp dụng')).toContainText('0');
    await expect(page.getByText('Lượt sử dụng tối đa (Chỉ xem)')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // One field at a time, with Save and Cancel.
    await page.getByRole('button', { name: /Giá trị/ }).first().click();
    const valueInput = page.getByRole('textbox', { name: 'Giá trị' });
    await valueInput.fill('abc');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Giá trị giảm giá không hợp lệ')).toBeVisible();
    await page.getByRole('button', { name: 'Hủy' }).click();
    await expect(valueInput).toHaveCount(0);
    await page.getByRole('button', { name: /Giá trị/ }).first().click();
    await valueInput.fill('15');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByRole('button', { name: /Giá trị/ }).first()).toContainText('15%');

    // Select all, then deselect all: one request each.
    const rpcCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/rpc/admin_set_all_discount_code_services')) rpcCalls.push(request.postData() ?? '');
      if (request.url().includes('/rest/v1/discount_code_services') && request.method() !== 'GET') rpcCalls.push('row write');
    });
    // Other specs add services while this one runs: "all" is the active services the screen lists.
    const shown = await page.getByRole('switch').count();
    await page.getByRole('button', { name: 'Chọn tất cả', exact: true }).click();
    await expect(page.getByText(`Đã chọn ${shown}/${shown} dịch vụ`)).toBeVisible();
    await expect(card('Dịch vụ áp dụng')).toContainText(String(shown));
    for (const toggle of await page.getByRole('switch').all()) await expect(toggle).toBeChecked();
    await page.getByRole('button', { name: 'Bỏ chọn tất cả', exact: true }).click();
    await expect(page.getByText(`Đã chọn 0/${shown} dịch vụ`)).toBeVisible();
    expect(rpcCalls).toHaveLength(2);

    // One toggle, stored and shown after a reload.
    await page.getByRole('switch', { name: 'Áp dụng cho Cắt cỏ' }).click();
    await expect(page.getByRole('switch', { name: 'Áp dụng cho Cắt cỏ' })).toBeChecked();
    await expect(page.getByText(`Đã chọn 1/${shown} dịch vụ`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Áp dụng cho Cắt cỏ' })).toBeChecked();
    await expect(page.getByRole('button', { name: /Giá trị/ }).first()).toContainText('15%');
    const links = await serviceRest<unknown[]>(`discount_code_services?discount_code_id=eq.${created.id}`);
    expect(links).toHaveLength(1);
  });

  test('an unknown code: not-found notice and a back button', async ({ page }) => {
    await page.goto('/admin/manage-discount-codes/00000000-0000-4000-8000-00000000dead');
    await expect(page.getByRole('heading', { name: 'Không tìm thấy mã khuyến mãi' })).toBeVisible();
    await page.getByRole('link', { name: 'Quay lại danh sách' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-discount-codes$/);
  });

  test('list: stat cards, filters, remaining and expired, accessibility', async ({ page }) => {
    for (const label of ['Tổng số mã', 'Đang hoạt động', 'Ngừng hoạt động', 'Tổng lượt sử dụng']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
    }
    const used = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Xem chi tiết mã HETLUOT' }) });
    await expect(used.getByRole('cell').nth(7)).toHaveText('0');
    const expired = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Xem chi tiết mã TET2026' }) });
    await expect(expired).toContainText('Đã hết hạn');
    // Still "active" in the database, but past its expiry: its status says "Hết hạn"; a running code does not.
    await expect(expired.getByRole('cell').last().getByText('Hết hạn', { exact: true })).toBeVisible();
    await expect(used.getByRole('cell').last().getByText('Hết hạn', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Loại giảm giá', { exact: true }).last().selectOption('fixed_amount');
    await expect(page).toHaveURL(/type=fixed_amount/);
    await expect(page.getByRole('link', { name: 'Xem chi tiết mã TET2026' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Xem chi tiết mã HETLUOT' })).toBeVisible();
    await page.getByLabel('Trạng thái', { exact: true }).selectOption('inactive');
    await expect(page.getByRole('link', { name: 'Xem chi tiết mã YTE100K' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Xem chi tiết mã HETLUOT' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Xem chi tiết mã YTE100K' }).click();
    await expect(page.getByRole('heading', { name: 'Mã khuyến mãi YTE100K' })).toBeVisible();
  });
});
