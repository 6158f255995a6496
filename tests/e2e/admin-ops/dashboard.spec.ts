// Dashboard (/admin): every card from the one RPC matches the database, both charts draw 30 days,
// the 10 most recent bookings link to their detail, the error state retries, no serious axe issue.
import { expect, test, type Page } from '@playwright/test';
import { formatNumber, formatVnd } from '../../../src/lib/format.ts';
import { expectNoSeriousA11yViolations } from '../helpers.ts';
import { shareAdminPage, sql, tableRows } from './ops-helpers.ts';

let page: Page;

shareAdminPage((opened) => {
  page = opened;
});

/** Figures other suites may change while this one runs: read them until they hold still. */
async function snapshot(): Promise<string> {
  const rows = await sql(
    `select (select count(*) from public.profiles) as profiles, (select count(*) from public.bookings) as bookings,
            (select max(updated_at) from public.bookings) as changed`,
  );
  return JSON.stringify(rows);
}

test('cards show the figures of the database', async () => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const before = await snapshot();
    const started = Date.now();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Tổng quan' })).toBeVisible();
    await expect(page.getByText('Tổng người dùng')).toBeVisible();
    test.info().annotations.push({ type: 'dashboard after a full page load (ms)', description: String(Date.now() - started) });
    if ((await snapshot()) === before) break;
  }

  // Every card against the base tables (not the roll-ups the dashboard reads), formatted as the screen formats.
  const card = (label: string) => page.locator('section', { has: page.getByRole('heading', { name: label, exact: true }) });
  const [users] = await sql<{ total: number; customers: number; providers: number }>(
    `select count(*)::int as total, count(*) filter (where role = 'customer')::int as customers,
            count(*) filter (where role = 'provider')::int as providers from public.profiles`,
  );
  await expect(card('Tổng người dùng')).toContainText(formatNumber(users!.total));
  await expect(card('Tổng người dùng')).toContainText(`${formatNumber(users!.customers)} khách hàng · ${formatNumber(users!.providers)} nhà cung cấp`);

  const [money] = await sql<{ revenue: string; platform: string; provider: string; completed: string; pending: string; items: number; bookings: number }>(
    `select (select coalesce(sum(final_price), 0) from public.bookings where status = 'completed')::text as revenue,
            (select coalesce(sum(platform_fee), 0) from public.commissions)::text as platform,
            (select coalesce(sum(provider_amount), 0) from public.commissions)::text as provider,
            (select coalesce(sum(amount), 0) from public.deposit_history where status = 'completed')::text as completed,
            (select coalesce(sum(amount), 0) from public.deposit_history where status = 'pending')::text as pending,
            (select count(*) from public.service_items)::int as items,
            (select count(*) from public.bookings)::int as bookings`,
  );
  await expect(card('Doanh thu')).toContainText(formatVnd(money!.revenue));
  await expect(card('Thu nhập nền tảng')).toContainText(formatVnd(money!.platform));
  await expect(card('Hoa hồng nhà cung cấp')).toContainText(formatVnd(money!.provider));
  const deposits = card('Tổng tiền đặt cọc');
  await expect(deposits).toContainText(formatVnd(Number(money!.completed) + Number(money!.pending)));
  await expect(deposits).toContainText(`Đã hoàn thành ${formatVnd(money!.completed)} · Đang chờ ${formatVnd(money!.pending)}`);
  await expect(card('Gói dịch vụ')).toContainText(formatNumber(money!.items));

  await expect(page.getByRole('heading', { name: `Tổng booking: ${formatNumber(money!.bookings)}` })).toBeVisible();
  const statuses = await sql<{ status: string; n: number }>('select status, count(*)::int as n from public.bookings group by status');
  for (const { status, n } of statuses) {
    await expect(page.getByTestId(`bookings-${status}`)).toHaveText(formatNumber(n));
  }
});

test('both charts draw the last 30 days, with a table view', async () => {
  const bookingsChart = page.getByRole('img', { name: 'Booking mỗi ngày (30 ngày qua)' });
  await expect(bookingsChart).toBeVisible();
  await expect(bookingsChart.getByTestId('bookings-bar')).toHaveCount(30);
  const revenueChart = page.getByRole('img', { name: 'Doanh thu mỗi ngày (30 ngày qua)' });
  await expect(revenueChart).toBeVisible();
  await expect(revenueChart.getByTestId('revenue-bar')).toHaveCount(30);
  for (const status of ['Hoàn thành', 'Đã xác nhận', 'Chờ hoàn thành', 'Chờ xác nhận', 'Đã hủy']) {
    await expect(page.getByRole('list', { name: 'Chú thích' }).getByText(status, { exact: true })).toBeVisible();
  }
  await page.getByText('Xem dạng bảng').first().click();
  await expect(page.getByRole('table', { name: 'Booking mỗi ngày (30 ngày qua)' }).locator('tbody tr')).toHaveCount(30);
});

test('the 10 most recent bookings link to their detail', async () => {
  const rows = tableRows(page, '10 booking gần nhất');
  await expect(rows).toHaveCount(10);
  const [newest] = await sql<{ id: string }>('select id from public.bookings order by created_at desc, id desc limit 1');
  const shortId = newest!.id.slice(-8).toUpperCase();
  await expect(rows.first()).toContainText(`#${shortId}`);
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${newest!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Đơn đặt lịch #${shortId}` })).toBeVisible();
});

test('a load error shows the message and "Thử lại" reloads', async () => {
  await page.route('**/rest/v1/rpc/admin_dashboard', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '42501', message: 'permission denied', details: null, hint: null }) }),
  );
  await page.goto('/admin');
  const alert = page.getByRole('alert').filter({ hasText: 'Không thể tải số liệu tổng quan' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Không có quyền truy cập dữ liệu');
  await page.unroute('**/rest/v1/rpc/admin_dashboard');
  await alert.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByText('Tổng người dùng')).toBeVisible();
  await expect(alert).toBeHidden();
});

test('no serious or critical accessibility violation', async () => {
  await page.goto('/admin');
  await expect(page.getByRole('img', { name: 'Booking mỗi ngày (30 ngày qua)' })).toBeVisible();
  await expect(tableRows(page, '10 booking gần nhất')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
});
