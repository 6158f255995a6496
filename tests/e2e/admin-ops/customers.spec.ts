// Customers (/admin/customers, /admin/customers/:id): name-or-email and status filters in the URL
// ("Tạm dừng" for inactive), pagination, detail stats, inline edits saved and surviving a reload
// with every validation message, times, recent bookings linking to their detail, axe.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { adminPage, checkContactEdits, closeDb, columnCells, createAccount, expectRange, insertAccounts, sql, tableRows, unique } from './ops-helpers.ts';

test.describe.configure({ mode: 'serial' });

const TABLE = 'Quản lý khách hàng';
const tag = unique('cus');
const NAME = `Khách Kiểm Thử ${tag}`;
const EMAIL = `${tag}@e2e.sandichvu.vn`;
// 54 more customers of this spec for the list (55 with NAME: two pages), one in six paused.
const LISTED = Array.from({ length: 54 }, (_, i) => `Khách Danh Sách ${tag} ${String(i + 1).padStart(2, '0')}`);
const LISTED_STATUSES = LISTED.map((_, i) => (i % 6 === 0 ? 'inactive' : 'active'));
let page: Page;
let customerId: string;
let bookingIds: string[];

test.beforeAll(async ({ browser }) => {
  customerId = await createAccount({ email: EMAIL, password: 'Khach@e2e123456', name: NAME, role: 'customer' });
  const [sub] = await sql<{ id: string }>('select id from public.subcategories order by sort_order limit 1');
  const rows = await sql<{ id: string }>(
    // A completed booking has a provider (bookings_provider_required): the demo provider.
    `insert into public.bookings (customer_id, customer_name, provider_id, subcategory_id, service_name, service_item_name, status,
                                  original_price, final_price, created_at)
     select $1, $2, case when s = 'completed' then (select id from public.profiles where email = 'tho@sandichvu.vn') end,
            $3, 'Dọn dẹp nhà cửa', 'Gói khách ' || i, s, 150000 * i, 150000 * i, now() - make_interval(hours => i)
       from unnest(array[1, 2, 3, 4], array['completed', 'confirmed', 'pending', 'cancelled']) as t(i, s)
     order by i returning id`,
    [customerId, NAME, sub!.id],
  );
  bookingIds = rows.map((row) => row.id);
  await insertAccounts({ names: LISTED, emailPrefix: `${tag}-list`, role: 'customer', statuses: LISTED_STATUSES });
  page = await adminPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
  await closeDb();
});

test('list: newest first, paginated, name-or-email search and status filter in the URL', async () => {
  // The list filtered to this spec's own customers (the tag is in every name and e-mail): other
  // specs sign up accounts meanwhile, none of them ours, so every total is exact.
  const search = page.getByLabel('Tìm theo tên hoặc email');
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
  const rows = tableRows(page, TABLE);
  await expectRange(page, 1, 50, 1 + LISTED.length);
  // Newest first: ours (created just now), then the listed ones, each a minute older than the one before.
  await expect(rows.getByRole('link')).toHaveText([NAME, ...LISTED.slice(0, 49)]);
  await expect(rows.first()).toContainText('4');

  await page.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectRange(page, 51, 1 + LISTED.length, 1 + LISTED.length);
  await expect(rows.getByRole('link')).toHaveText(LISTED.slice(49));
  // An old link to a page past the end goes back to the first page.
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}&page=999`);
  await expect(page).not.toHaveURL(/page=/);
  await expectRange(page, 1, 50, 1 + LISTED.length);
  await page.getByRole('button', { name: 'Trang 2' }).click();
  await expect(page).toHaveURL(/page=2/);

  // By e-mail (part of it), case-insensitive; the page goes back to 1.
  await search.fill(`${tag}@E2E`.toUpperCase());
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(EMAIL);
  // By name.
  await search.fill(`Khách Kiểm Thử ${tag}`);
  await expectRange(page, 1, 1, 1);
  await expect(rows.first().getByRole('link', { name: NAME })).toBeVisible();

  await search.fill(tag);
  await expectRange(page, 1, 50, 1 + LISTED.length);
  const status = page.getByLabel('Trạng thái', { exact: true });
  await status.selectOption({ label: 'Tạm dừng' });
  await expect(page).toHaveURL(/status=inactive/);
  const paused = LISTED.filter((_, i) => LISTED_STATUSES[i] === 'inactive');
  await expectRange(page, 1, paused.length, paused.length);
  await expect(rows.getByRole('link')).toHaveText(paused);
  await expect(await columnCells(page, TABLE, 'Trạng thái')).toHaveText(paused.map(() => 'Tạm dừng'));
  await page.reload();
  await expect(status).toHaveValue('inactive');
  await expectRange(page, 1, paused.length, paused.length);
});

test('detail: header, stats, times and recent bookings linking to their detail', async () => {
  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
  await tableRows(page, TABLE).first().getByRole('link', { name: NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const stat = (label: string) => page.getByRole('heading', { name: label, exact: true }).locator('xpath=ancestor::section[1]');
  await expect(stat('Tổng booking')).toContainText('4');
  await expect(stat('Đã hoàn thành')).toContainText('1');
  await expect(stat('Đang thực hiện')).toContainText('2');
  await expect(stat('Tổng chi tiêu')).toContainText((150000).toLocaleString('vi-VN'));
  const times = page.getByRole('heading', { name: 'Thời gian', exact: true }).locator('xpath=ancestor::section[1]');
  await expect(times).toContainText('Ngày đăng ký');
  await expect(times).toContainText('Cập nhật lần cuối');
  await expect(times).toContainText('Chưa đăng nhập');

  const recent = tableRows(page, '10 booking gần nhất');
  await expect(recent).toHaveCount(4);
  const shortId = bookingIds[0]!.slice(-8).toUpperCase();
  await expect(recent.first()).toContainText(`#${shortId}`);
  await recent.first().getByRole('link', { name: `#${shortId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${bookingIds[0]}$`));
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
});

test('inline edits save, survive a reload and show every validation message', async () => {
  await checkContactEdits(page, {
    profileId: customerId,
    email: EMAIL,
    name: `${NAME} Mới`,
    savedToast: 'Đã cập nhật thông tin khách hàng',
    phone: { typed: '0909 000 111', saved: '0909000111' },
    statuses: ['Hoạt động', 'Tạm dừng', 'Bị cấm', 'Chờ duyệt'],
    status: { value: 'inactive', label: 'Tạm dừng' },
  });

  await page.goto(`/admin/customers?q=${encodeURIComponent(tag)}`);
  await expect(tableRows(page, TABLE).first()).toContainText('Tạm dừng');
});

test('not found', async () => {
  await page.goto('/admin/customers/00000000-0000-4000-a000-00000000beef');
  await expect(page.getByText('Không tìm thấy khách hàng')).toBeVisible();
  // Back to the list as this tab last left it (the search of the test before).
  await page.getByRole('link', { name: 'Quay lại danh sách' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers\\?q=${tag}$`));
});

test('no serious or critical accessibility violation', async () => {
  await page.goto('/admin/customers');
  await expect(tableRows(page, TABLE)).toHaveCount(50);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/admin/customers/${customerId}`);
  await expect(tableRows(page, '10 booking gần nhất')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page);
});
