// Deleting a service, a package or a promotion code (issue 29, docs/product.md#catalogue-deletion): one
// that nothing uses is deleted after a confirmation; one that bookings (or packages, or uses) refer
// to is not: the dialog says what uses it and offers to hide it (pause a code) instead, and the
// database refuses the delete from a crafted request too.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signedInAdminEachTest } from '../helpers.ts';
import { closeDb, sql } from '../admin-ops/ops-helpers.ts';
import { accessToken, serviceRest, uniqueSuffix, userRest } from './finance-helpers.ts';

const CATEGORY = '10000000-0000-4000-8000-000000000001';

async function newService(name: string): Promise<string> {
  const [row] = await serviceRest<{ id: string }[]>('subcategories?select=id', {
    method: 'POST',
    body: { category_id: CATEGORY, name, icon: 'broom', commission_rate: 10 },
  });
  if (!row) throw new Error('service not created');
  return row.id;
}

async function newPackage(serviceId: string, name: string): Promise<string> {
  const [row] = await serviceRest<{ id: string }[]>('service_items?select=id', {
    method: 'POST',
    body: { subcategory_id: serviceId, name, price: 200000, duration: '2 giờ', description: 'Gói thử xóa', job_details: 'Không làm gì' },
  });
  if (!row) throw new Error('package not created');
  return row.id;
}

async function newBooking(serviceId: string, packageId: string): Promise<void> {
  await sql(
    `insert into public.bookings (subcategory_id, service_item_id, status, address, original_price, final_price, customer_name, service_name)
     values ($1, $2, 'pending', '1 Lê Lợi, Quận 1', 200000, 200000, 'Khách E2E Xóa', 'Dịch vụ E2E')`,
    [serviceId, packageId],
  );
}

async function exists(table: string, id: string): Promise<boolean> {
  return (await serviceRest<unknown[]>(`${table}?id=eq.${id}&select=id`)).length === 1;
}

async function deleteDialogs(page: Page) {
  return { confirm: page.getByRole('alertdialog'), inUse: page.getByRole('dialog') };
}

test.describe('deleting what nothing uses', () => {
  test.describe.configure({ timeout: 90_000 });
  signedInAdminEachTest();
  test.afterAll(closeDb);

  test('a service nothing uses is deleted after a confirmation', async ({ page }) => {
    const name = `E2E Xóa DV ${uniqueSuffix()}`;
    const id = await newService(name);
    await page.goto(`/admin/manage-subcategories?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Xóa dịch vụ ${name}` }).click();
    const { confirm } = await deleteDialogs(page);
    await expect(confirm.getByRole('heading', { name: `Xóa dịch vụ “${name}”?` })).toBeVisible();
    await expect(confirm).toContainText('Không có đơn hàng nào dùng dịch vụ này. Đã xóa thì không khôi phục được.');
    await confirm.getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
    await expect(page.getByText(`Đã xóa dịch vụ ${name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Xóa dịch vụ ${name}` })).toHaveCount(0);
    expect(await exists('subcategories', id)).toBe(false);
  });

  test('a used service and package say what uses them and offer to hide; the database refuses a crafted delete', async ({ page }) => {
    const suffix = uniqueSuffix();
    const serviceName = `E2E Đang Dùng ${suffix}`;
    const packageName = `Gói E2E Đang Dùng ${suffix}`;
    const serviceId = await newService(serviceName);
    const packageId = await newPackage(serviceId, packageName);
    await newBooking(serviceId, packageId);

    await page.goto(`/admin/manage-subcategories?q=${encodeURIComponent(serviceName)}`);
    await page.getByRole('button', { name: `Xóa dịch vụ ${serviceName}` }).click();
    const { inUse, confirm } = await deleteDialogs(page);
    await expect(inUse.getByRole('heading', { name: `Không thể xóa dịch vụ “${serviceName}”` })).toBeVisible();
    await expect(inUse.getByTestId('in-use')).toHaveText('Dịch vụ đang được dùng bởi 1 đơn hàng và 1 gói dịch vụ.');
    await expect(confirm).toHaveCount(0);
    await inUse.getByRole('button', { name: 'Ẩn dịch vụ' }).click();
    await expect(page.getByText(`Đã ẩn dịch vụ ${serviceName}`)).toBeVisible();
    expect(await serviceRest<{ active: boolean }[]>(`subcategories?id=eq.${serviceId}&select=active`)).toEqual([{ active: false }]);

    await page.goto(`/admin/manage-service-items?q=${encodeURIComponent(packageName)}`);
    await page.getByRole('button', { name: `Xóa gói dịch vụ ${packageName}` }).click();
    await expect(inUse.getByTestId('in-use')).toHaveText('Gói dịch vụ đang được dùng bởi 1 đơn hàng.');
    await inUse.getByText('Đóng', { exact: true }).click();
    await expect(inUse).toHaveCount(0);

    // An admin's own token, straight to the API: the foreign keys restrict.
    const token = await accessToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await expect(userRest(token, `service_items?id=eq.${packageId}`, { method: 'DELETE' })).rejects.toThrow(/23503|foreign key/);
    await expect(userRest(token, `subcategories?id=eq.${serviceId}`, { method: 'DELETE' })).rejects.toThrow(/23503|foreign key/);
    expect(await exists('service_items', packageId)).toBe(true);
    expect(await exists('subcategories', serviceId)).toBe(true);
  });

  test('a package nothing uses is deleted', async ({ page }) => {
    const suffix = uniqueSuffix();
    const serviceId = await newService(`E2E Có Gói ${suffix}`);
    const packageName = `Gói E2E Xóa ${suffix}`;
    const packageId = await newPackage(serviceId, packageName);
    await page.goto(`/admin/manage-service-items?q=${encodeURIComponent(packageName)}`);
    await page.getByRole('button', { name: `Xóa gói dịch vụ ${packageName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
    await expect(page.getByText(`Đã xóa gói dịch vụ ${packageName}`)).toBeVisible();
    expect(await exists('service_items', packageId)).toBe(false);
  });

  test('promotion codes: an unused one is deleted from its page, a used one can only be paused', async ({ page }) => {
    const expires = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString();
    const [unused] = await serviceRest<{ id: string; code: string }[]>('discount_codes?select=id,code', {
      method: 'POST',
      body: { code: `E2EXOA${uniqueSuffix()}`, discount_type: 'percentage', discount_value: 5, max_uses: 10, expires_at: expires },
    });
    const [used] = await serviceRest<{ id: string; code: string }[]>('discount_codes?select=id,code', {
      method: 'POST',
      body: { code: `E2EDADUNG${uniqueSuffix()}`, discount_type: 'percentage', discount_value: 5, max_uses: 10, uses_count: 5, expires_at: expires },
    });
    if (!unused || !used) throw new Error('codes not created');

    await page.goto(`/admin/manage-discount-codes/${unused.id}`);
    await page.getByRole('button', { name: `Xóa mã khuyến mãi ${unused.code}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
    await expect(page.getByText(`Đã xóa mã khuyến mãi ${unused.code}`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/manage-discount-codes$/);
    expect(await exists('discount_codes', unused.id)).toBe(false);

    await page.goto(`/admin/manage-discount-codes/${used.id}`);
    await page.getByRole('button', { name: `Xóa mã khuyến mãi ${used.code}` }).click();
    const inUse = page.getByRole('dialog');
    await expect(inUse.getByTestId('in-use')).toHaveText('Mã khuyến mãi đang được dùng bởi 5 lượt sử dụng.');
    await inUse.getByRole('button', { name: 'Tạm dừng mã' }).click();
    await expect(page.getByText(`Đã tạm dừng mã ${used.code}`)).toBeVisible();
    expect(await serviceRest<{ status: string }[]>(`discount_codes?id=eq.${used.id}&select=status`)).toEqual([{ status: 'inactive' }]);

    const token = await accessToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await expect(userRest(token, `discount_codes?id=eq.${used.id}`, { method: 'DELETE' })).rejects.toThrow(/đang được dùng bởi 5 đơn hàng/);
    expect(await exists('discount_codes', used.id)).toBe(true);
  });
});
