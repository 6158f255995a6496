// Search like a Vietnamese user types (docs/screens.md#search-and-highlight): on every list with a
// search box, "nguyen", "ca ngay" and "do" find the row whose texts are "Nguyễn", "Cả Ngày" and
// "Đỗ", and the matched text is marked in the row. Our rows are dated a month ahead, so that they
// come first in every newest-first list (the seed has a few rows dated later today).
import { expect, test, type Page } from '@playwright/test';
import { adminPage, closeDb, createAccount, sql, tableRows, unique } from '../admin-ops/ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const tag = unique('tk');
const NAME = `Đỗ Nguyễn Cả Ngày ${tag}`;
const TERMS: readonly { term: string; marked: string }[] = [
  { term: 'nguyen', marked: 'Nguyễn' },
  { term: 'ca ngay', marked: 'Cả Ngày' },
  { term: 'do', marked: 'Đỗ' },
];
let page: Page;

test.beforeAll(async ({ browser }) => {
  const providerId = await createAccount({ email: `${tag}-p@example.com`, password: 'Tho@123456', name: NAME, role: 'provider' });
  const customerId = await createAccount({ email: `${tag}-c@example.com`, password: 'Khach@123456', name: NAME, role: 'customer' });
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const [booking] = await sql<{ id: string }>(
    `insert into public.bookings (customer_id, customer_name, provider_id, subcategory_id, service_name, service_item_name,
                                  status, original_price, final_price)
     values ($1, $2, $3, $4, $2, $2, 'pending', 200000, 200000) returning id`,
    [customerId, NAME, providerId, sub!.id],
  );
  // Completed: the database writes its commission row.
  await sql("update public.bookings set status = 'completed' where id = $1", [booking!.id]);
  await sql("update public.commissions set created_at = now() + interval '30 days' where booking_id = $1", [booking!.id]);
  await sql(
    `insert into public.reviews (booking_id, provider_id, customer_id, customer_name, rating, comment, created_at)
     values ($1, $2, $3, $4, 5, $4, now() + interval '30 days')`,
    [booking!.id, providerId, customerId, NAME],
  );
  await sql("insert into public.deposit_history (provider_id, amount, created_at) values ($1, 500000, now() + interval '30 days')", [providerId]);
  await sql(
    `insert into public.conversations (booking_id, provider_id, customer_id, last_message, last_message_at)
     values ($1, $2, $3, 'Chào anh', now() + interval '30 days')`,
    [booking!.id, providerId, customerId],
  );
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

/** Types each term in the search box `label` and expects our row on the first page, with the term marked. */
async function expectFound(path: string, table: string, label: string): Promise<void> {
  await page.goto(path);
  for (const { term, marked } of TERMS) {
    await page.getByRole('searchbox', { name: label, exact: true }).fill(term);
    await expect(page).toHaveURL(new RegExp(`[?&][a-z]+=${encodeURIComponent(term).replace(/%20/g, '(\\+|%20)')}`));
    // Our row is on the first page of the newest matches, with the typed term marked (the other
    // worker may add newer rows that also match a short term, such as "do").
    const ours = tableRows(page, table).filter({ hasText: tag });
    await expect(ours).toHaveCount(1);
    await expect(ours.locator('mark').first()).toHaveText(marked);
  }
}

test('customers', async () => {
  await expectFound('/admin/customers', 'Quản lý khách hàng', 'Tìm theo tên hoặc email');
});

test('providers', async () => {
  await expectFound('/admin/providers', 'Quản lý nhà cung cấp', 'Tìm theo tên');
});

test('bookings: package, service and customer names', async () => {
  for (const label of ['Tên gói dịch vụ', 'Tên dịch vụ', 'Tên khách hàng']) {
    await expectFound('/admin/bookings', 'Quản lý đơn đặt lịch', label);
  }
});

test('reviews', async () => {
  await expectFound('/admin/manage-reviews', 'Quản lý đánh giá', 'Tìm kiếm');
});

test('conversations: provider and customer names', async () => {
  await expectFound('/admin/manage-conversations', 'Quản lý cuộc trò chuyện', 'Tên nhà cung cấp');
  await expectFound('/admin/manage-conversations', 'Quản lý cuộc trò chuyện', 'Tên khách hàng');
});

test('commissions and deposits: provider name', async () => {
  await expectFound('/admin/manage-commissions', 'Quản lý hoa hồng', 'Tìm kiếm');
  await expectFound('/admin/manage-deposit-history', 'Lịch sử ký quỹ', 'Tìm kiếm');
});

test('the provider picker finds a provider by its name typed without accents', async () => {
  await page.goto('/admin/manage-commissions');
  const picker = page.getByRole('combobox', { name: 'Nhà cung cấp' });
  await picker.click();
  await expect(page.getByRole('listbox', { name: 'Nhà cung cấp' })).toContainText('Gõ để tìm');
  await picker.fill(`do nguyen ca ngay ${tag}`);
  const option = page.getByRole('option', { name: new RegExp(tag) });
  await expect(option).toBeVisible();
  await expect(option.locator('mark')).toHaveText(NAME);
  await option.click();
  await expect(page).toHaveURL(/[?&]provider=[0-9a-f-]{36}/);
  await expect(tableRows(page, 'Quản lý hoa hồng')).toHaveCount(1);
  await expect(tableRows(page, 'Quản lý hoa hồng').first()).toContainText(NAME);
});
