// Services (/admin/manage-subcategories): groups by category that collapse and expand, search over
// name / icon / category with the empty states, the add form's rules and messages, order = max + 1
// set by the database, inline edits (name, icon, commission) with their rules surviving a reload,
// visibility switch, axe.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { group, serviceRest, uniqueSuffix } from './finance-helpers.ts';

const AGRICULTURE = 'Lao động nông nghiệp';

test.describe('services', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest({ path: '/admin/manage-subcategories', heading: 'Quản lý dịch vụ' });

  test('grouped by profession, collapse / expand, search and the empty state', async ({ page }) => {
    await expect(group(page, 'Dịch vụ y tế').getByRole('button', { name: /Tên dịch vụ Xét nghiệm tại nhà/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const toggle = group(page, 'Dịch vụ y tế').getByRole('button', { name: /^Dịch vụ y tế/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: /Tên dịch vụ Xét nghiệm tại nhà/ })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: /Tên dịch vụ Xét nghiệm tại nhà/ })).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Tìm kiếm dịch vụ' });
    await search.fill('y tế'); // category name: the whole group
    await expect(page.getByRole('button', { name: /Tên dịch vụ Bán thuốc theo đơn/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Tên dịch vụ Cắt cỏ/ })).toHaveCount(0);
    await search.fill('🌱'); // icon
    await expect(page.getByRole('button', { name: /Tên dịch vụ Cắt cỏ/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Tên dịch vụ Bón phân/ })).toHaveCount(0);
    await search.fill('không có dịch vụ này');
    await expect(page.getByText('Không tìm thấy kết quả phù hợp')).toBeVisible();
    await expect(page).toHaveURL(/q=/);
  });

  test('adding a service: each field error is reported, order = highest + 1', async ({ page }) => {
    const area = group(page, AGRICULTURE);
    await area.getByRole('button', { name: `Thêm dịch vụ vào ${AGRICULTURE}` }).click();
    const form = page.getByRole('form', { name: `Thêm dịch vụ mới vào ${AGRICULTURE}` });
    await form.getByRole('textbox', { name: /Hoa hồng nền tảng/ }).fill('150');
    await form.getByRole('button', { name: 'Thêm dịch vụ' }).click();
    await expect(form.getByText('Tên dịch vụ không được để trống')).toBeVisible();
    await expect(form.getByText('Biểu tượng không được để trống')).toBeVisible();
    await expect(form.getByText('Tỷ lệ hoa hồng phải là số từ 0 đến 100')).toBeVisible();

    const before = await serviceRest<{ sort_order: number }[]>(
      'subcategories?category_id=eq.10000000-0000-4000-8000-000000000002&select=sort_order&order=sort_order.desc&limit=1',
    );
    const name = `Tưới cây E2E ${uniqueSuffix()}`;
    await form.getByRole('textbox', { name: /Tên dịch vụ/ }).fill(name);
    await form.getByRole('textbox', { name: /Biểu tượng/ }).fill('🚿');
    await form.getByRole('textbox', { name: /Hoa hồng nền tảng/ }).fill('7.5');
    await form.getByRole('button', { name: 'Thêm dịch vụ' }).click();
    await expect(page.getByText('Đã thêm dịch vụ mới')).toBeVisible();
    const [created] = await serviceRest<{ sort_order: number; commission_rate: number }[]>(
      `subcategories?name=eq.${encodeURIComponent(name)}&select=sort_order,commission_rate`,
    );
    expect(created).toMatchObject({ sort_order: (before[0]?.sort_order ?? -1) + 1, commission_rate: 7.5 });
    await expect(area.getByRole('button', { name: new RegExp(`Thứ tự của ${name}`) })).toContainText(String(created?.sort_order));
  });

  test('inline edits of name, icon, commission; hide / show; all survive a reload', async ({ page }) => {
    const name = `Dịch vụ sửa E2E ${uniqueSuffix()}`;
    await serviceRest('subcategories', {
      method: 'POST',
      body: { category_id: '10000000-0000-4000-8000-000000000003', name, icon: '🩹', commission_rate: 10 },
    });
    await page.reload();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: new RegExp(`Tên dịch vụ ${name}`) }) });

    await row.getByRole('button', { name: new RegExp(`Hoa hồng nền tảng \\(%\\) ${name}`) }).click();
    const rate = row.getByRole('textbox', { name: `Hoa hồng nền tảng (%) ${name}` });
    // Blank: the catalogue's message, not the editor's generic one.
    await rate.fill('  ');
    await rate.press('Enter');
    await expect(row.getByRole('alert')).toHaveText('Tỷ lệ hoa hồng phải là số từ 0 đến 100');
    await rate.fill('101');
    await rate.press('Enter');
    await expect(row.getByText('Tỷ lệ hoa hồng phải là số từ 0 đến 100')).toBeVisible();
    await rate.fill('12.5');
    await rate.press('Enter');
    await expect(row.getByRole('button', { name: new RegExp(`Hoa hồng nền tảng \\(%\\) ${name}`) })).toContainText('12,5%');

    await row.getByRole('button', { name: new RegExp(`Biểu tượng ${name}`) }).click();
    await row.getByRole('textbox', { name: `Biểu tượng ${name}` }).fill('');
    await row.getByRole('textbox', { name: `Biểu tượng ${name}` }).press('Enter');
    await expect(row.getByRole('alert')).toHaveText('Biểu tượng không được để trống');
    await row.getByRole('textbox', { name: `Biểu tượng ${name}` }).fill('💉');
    await row.getByRole('textbox', { name: `Biểu tượng ${name}` }).press('Enter');
    await expect(row.getByRole('button', { name: new RegExp(`Biểu tượng ${name}`) })).toContainText('💉');

    await row.getByRole('switch', { name: new RegExp(name) }).click();
    await expect(row.getByRole('switch', { name: new RegExp(name) })).toHaveAttribute('aria-checked', 'false');

    await row.getByRole('button', { name: new RegExp(`Tên dịch vụ ${name}`) }).click();
    // While editing, the row is found through its input (the name button is replaced by it).
    const nameInput = page.getByRole('textbox', { name: `Tên dịch vụ ${name}` });
    await nameInput.fill('   ');
    await nameInput.press('Enter');
    const nameError = page.getByRole('alert').filter({ hasText: 'Tên dịch vụ không được để trống' });
    await expect(nameError).toBeVisible();
    await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
    await expect(nameInput).toHaveAttribute('aria-describedby', (await nameError.getAttribute('id')) ?? '');
    await expect(page.getByText('Giá trị không được để trống')).toHaveCount(0);
    await page.getByRole('textbox', { name: `Tên dịch vụ ${name}` }).fill(`${name} mới`);
    await page.getByRole('textbox', { name: `Tên dịch vụ ${name}` }).press('Enter');
    await expect(page.getByRole('button', { name: new RegExp(`Tên dịch vụ ${name} mới`) })).toBeVisible();

    await page.reload();
    const saved = page.getByRole('row').filter({ has: page.getByRole('button', { name: new RegExp(`Tên dịch vụ ${name} mới`) }) });
    await expect(saved.getByRole('button', { name: /Hoa hồng nền tảng/ })).toContainText('12,5%');
    await expect(saved.getByRole('button', { name: /Biểu tượng/ })).toContainText('💉');
    await expect(saved.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });
});
