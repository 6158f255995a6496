// Service packages (/admin/manage-service-items): groups by service, search over name / job details
// / duration / service, the add dialog (Save disabled until valid, price > 0, every field required),
// the edit dialog, order and visibility surviving a reload, axe.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAdminEachTest } from '../helpers.ts';
import { group, serviceRest, uniqueSuffix } from './finance-helpers.ts';

const SERVICE = 'Bón phân';
const SERVICE_ID = '20000000-0000-4000-8000-000000000007';

test.describe('service packages', () => {
  test.describe.configure({ timeout: 90_000 });

  signedInAdminEachTest({ path: '/admin/manage-service-items', heading: 'Quản lý gói dịch vụ' });

  test('grouped by service, search and accessibility', async ({ page }) => {
    await expect(group(page, SERVICE).getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const search = page.getByRole('searchbox', { name: 'Tìm kiếm gói dịch vụ' });
    await search.fill(SERVICE); // service name: its whole group
    await expect(group(page, SERVICE)).toBeVisible();
    await expect(group(page, 'Cắt cỏ')).toHaveCount(0);
    await search.fill('không có gói này');
    await expect(page.getByText('Không tìm thấy kết quả phù hợp')).toBeVisible();
  });

  test('adding a package: Save stays disabled until the form is valid, the price must be above 0', async ({ page }) => {
    await group(page, SERVICE).getByRole('button', { name: `Thêm gói vào ${SERVICE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm gói dịch vụ mới' });
    const save = dialog.getByRole('button', { name: 'Lưu' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: /Dịch vụ/ })).toHaveValue(SERVICE_ID);

    const name = `Gói E2E ${uniqueSuffix()}`;
    await dialog.getByRole('textbox', { name: /Tên gói/ }).fill(name);
    await dialog.getByRole('textbox', { name: /Giá/ }).fill('0');
    await dialog.getByRole('textbox', { name: /Thời lượng/ }).fill('90 phút');
    await dialog.getByRole('textbox', { name: /Mô tả/ }).fill('Bón phân hữu cơ cho vườn nhỏ');
    await expect(dialog.getByText('Vui lòng điền đầy đủ thông tin cho tất cả các trường')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Chi tiết công việc/ }).fill('Trộn phân, rải đều, tưới nhẹ');
    await expect(dialog.getByText('Giá phải từ 1 ₫ đến 1.000.000.000 ₫')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: /Giá/ }).fill('180000');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Đã thêm gói dịch vụ mới')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = group(page, SERVICE).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('180.000');
    await expect(row).toContainText('90 phút');

    const [stored] = await serviceRest<{ active: boolean; sort_order: number }[]>(
      `service_items?name=eq.${encodeURIComponent(name)}&select=active,sort_order`,
    );
    expect(stored?.active).toBe(true);
  });

  test('editing a package in the dialog, reordering, hiding it; all survive a reload', async ({ page }) => {
    const name = `Gói sửa E2E ${uniqueSuffix()}`;
    await serviceRest('service_items', {
      method: 'POST',
      body: {
        subcategory_id: SERVICE_ID,
        name,
        price: 120000,
        duration: '1 giờ',
        description: 'Mô tả E2E',
        job_details: 'Chi tiết E2E',
      },
    });
    await page.reload();
    const row = group(page, SERVICE).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Sửa gói ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Sửa gói dịch vụ' });
    await expect(dialog.getByRole('textbox', { name: /Tên gói/ })).toHaveValue(name);
    await dialog.getByRole('textbox', { name: /Chi tiết công việc/ }).fill('');
    await expect(dialog.getByRole('button', { name: 'Lưu' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: /Chi tiết công việc/ }).fill('Chi tiết đã sửa');
    await dialog.getByRole('textbox', { name: /Giá/ }).fill('135000');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByText('Đã cập nhật gói dịch vụ')).toBeVisible();

    await row.getByRole('button', { name: new RegExp(`Thứ tự của ${name}`) }).click();
    await row.getByRole('textbox', { name: `Thứ tự của ${name}` }).fill('-1');
    await row.getByRole('textbox', { name: `Thứ tự của ${name}` }).press('Enter');
    await expect(row.getByText('Thứ tự phải là số nguyên từ 0 đến 100.000')).toBeVisible();
    await row.getByRole('textbox', { name: `Thứ tự của ${name}` }).fill('99');
    await row.getByRole('textbox', { name: `Thứ tự của ${name}` }).press('Enter');
    await expect(row.getByRole('button', { name: new RegExp(`Thứ tự của ${name}`) })).toContainText('99');
    await row.getByRole('switch').click();
    await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');

    await page.reload();
    const saved = group(page, SERVICE).getByRole('row').filter({ hasText: name });
    await expect(saved).toContainText('135.000');
    await expect(saved).toContainText('Chi tiết đã sửa');
    await expect(saved.getByRole('button', { name: /Thứ tự của/ })).toContainText('99');
    await expect(saved.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });
});
