// Status changes that move money ask first (docs/product.md#commissions,
// docs/product.md#deposits-and-balances): the dialog states the commission created or removed, the
// provider's earnings or balance before → after, computed from the database's own rules; "Hủy"
// writes nothing, "Xác nhận đổi trạng thái" applies exactly what was announced.
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, createAccount, sql, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const tag = unique('tien');
let page: Page;
let providerId: string;
const providerName = `Trần Văn Thợ ${tag}`;

const vnd = (n: number) => n.toLocaleString('vi-VN').replace(/\./g, '\\.') + '\\s₫';

test.beforeAll(async ({ browser }) => {
  providerId = await createAccount({ email: `${tag}@e2e.sandichvu.vn`, password: 'Tho@123456', name: providerName, role: 'provider' });
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

const dialog = () => page.getByRole('alertdialog');

test('a booking entering and leaving "completed" states the commission and earnings first; cancel writes nothing', async () => {
  const [sub] = await sql<{ id: string; rate: string }>(
    `select s.id, coalesce(s.commission_rate, st.commission_rate)::text as rate
       from public.subcategories s, public.settings st where st.id = 'app' order by s.sort_order limit 1`,
  );
  const [booking] = await sql<{ id: string }>(
    `insert into public.bookings (customer_name, provider_id, subcategory_id, service_name, service_item_name, original_price, final_price, status)
     values ('Khách tiền', $1, $2, 'Dọn dẹp nhà cửa', $3, 400000, 400000, 'confirmed') returning id`,
    [providerId, sub!.id, `Gói ${tag}`],
  );
  const fee = Math.round((400000 * Number(sub!.rate)) / 100);
  const earnings = async () => Number((await sql<{ e: string }>('select total_earnings::text as e from public.profiles where id = $1', [providerId]))[0]!.e);
  const before = await earnings();

  await page.goto(`/admin/bookings/${booking!.id}`);
  const select = page.getByLabel('Đổi trạng thái booking');
  await select.selectOption('completed');
  await expect(dialog()).toContainText(new RegExp(`Tạo hoa hồng ${vnd(fee)}`));
  await expect(dialog()).toContainText(new RegExp(`Thu nhập của ${providerName}: ${vnd(before)} → ${vnd(before + 400000 - fee)}`));
  await dialog().getByRole('button', { name: 'Hủy' }).click();
  await expect(dialog()).toHaveCount(0);
  await expect(select).toHaveValue('confirmed');
  expect(await sql('select status from public.bookings where id = $1', [booking!.id])).toEqual([{ status: 'confirmed' }]);
  expect(await sql('select 1 from public.commissions where booking_id = $1', [booking!.id])).toEqual([]);

  await select.selectOption('completed');
  await dialog().getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
  await expect(select).toHaveValue('completed');
  const [commission] = await sql<{ platform_fee: string }>('select platform_fee::text from public.commissions where booking_id = $1', [booking!.id]);
  expect(Number(commission!.platform_fee)).toBe(fee);
  expect(await earnings()).toBe(before + 400000 - fee);

  await select.selectOption('cancelled');
  await expect(dialog()).toContainText(new RegExp(`Xóa hoa hồng ${vnd(fee)}`));
  await expect(dialog()).toContainText(new RegExp(`Thu nhập của ${providerName}: ${vnd(before + 400000 - fee)} → ${vnd(before)}`));
  await dialog().getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
  await expect(select).toHaveValue('cancelled');
  expect(await sql('select 1 from public.commissions where booking_id = $1', [booking!.id])).toEqual([]);
  expect(await earnings()).toBe(before);
});

test("a deposit's status change states the provider's balance first; cancel writes nothing", async () => {
  await sql(`insert into public.deposit_history (provider_id, amount, status) values ($1, 1200000, 'completed')`, [providerId]);
  const [deposit] = await sql<{ id: string }>(
    `insert into public.deposit_history (provider_id, amount, status) values ($1, 2000000, 'pending') returning id`,
    [providerId],
  );
  const balance = async () => (await sql<{ deposit: string }>('select deposit::text from public.profiles where id = $1', [providerId]))[0]!.deposit;
  expect(await balance()).toBe('1200000');

  await page.goto(`/admin/manage-deposit-history?q=${deposit!.id}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: providerName }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Trạng thái của giao dịch/ }).click();
  await row.getByRole('combobox', { name: /Trạng thái của giao dịch/ }).selectOption('completed');
  await expect(dialog()).toContainText(new RegExp(`Số dư của ${providerName}: ${vnd(1200000)} → ${vnd(3200000)}`));
  await dialog().getByRole('button', { name: 'Hủy' }).click();
  await expect(dialog()).toHaveCount(0);
  await expect(row.getByText('Đang chờ', { exact: true })).toBeVisible();
  expect(await sql('select status from public.deposit_history where id = $1', [deposit!.id])).toEqual([{ status: 'pending' }]);
  expect(await balance()).toBe('1200000');

  await row.getByRole('button', { name: /Trạng thái của giao dịch/ }).click();
  await row.getByRole('combobox', { name: /Trạng thái của giao dịch/ }).selectOption('completed');
  await dialog().getByRole('button', { name: 'Xác nhận đổi trạng thái' }).click();
  await expect(row.getByTestId('provider-balance')).toHaveText(new RegExp(`^${vnd(3200000)}$`));
  expect(await balance()).toBe('3200000');

  await row.getByRole('button', { name: /Trạng thái của giao dịch/ }).click();
  await row.getByRole('combobox', { name: /Trạng thái của giao dịch/ }).selectOption('canceled');
  await expect(dialog()).toContainText(new RegExp(`Số dư của ${providerName}: ${vnd(3200000)} → ${vnd(1200000)}`));
  await page.keyboard.press('Escape');
  await expect(dialog()).toHaveCount(0);
  expect(await balance()).toBe('3200000');
});
